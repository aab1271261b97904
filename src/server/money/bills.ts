/**
 * Bills (issue 14, /mybill): every charge and every credit of a customer, by month in Pacific time. Read from the two
 * records every later feature writes anyway, so renewals, add-ons and rewards appear without a change here:
 * - charges: the customer's successful payments (any payable: orders, top-ups, later renewals, protect, dual number);
 * - credits: money put on the customer's General or ILD account (ledger rows with a positive amount: top-ups of their
 *   lines, later rewards);
 * - international calls charged to the ILD account (ledger rows `usage:<record>` written by the usage collection): one
 *   charge per month, the sum of that month's calls, whose detail is on /callrecord. Balance payments are not read
 *   from the ledger here: they are payments already (method 'balance').
 */
import { sql, type SQL } from 'drizzle-orm';
import type { BillEntry, BillMonth } from '../../contract/money';
import type { PayMethod } from '../../contract/personal';
import type { Deps } from '../context';

const ZONE = 'America/Los_Angeles';

/** Bill number: LB-<customer id, 6 digits>-<YYYYMM>. */
export const billNoOf = (customerId: number, month: string): string =>
  `LB-${String(customerId).padStart(6, '0')}-${month.replace('-', '')}`;

type Rows<T> = { rows: T[] };
const rowsOf = <T>(result: unknown): T[] => (result as Rows<T>).rows;

/** An instant as ISO 8601 UTC text, the same from PGlite and node-postgres. */
const iso = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * One union of both sources: each row a charge or a credit with its Pacific month. A payment of $0 (a free replacement
 * card, settled without a provider: decision 0037) charged nothing and is not a line of the bill.
 */
const movements = (customerId: number) => sql`
  select 'p:' || p.id as ref, p.payable_kind, p.payable_ref, p.method, p.amount_cents as total_cents, p.updated_at as at,
         o.kind as order_kind, o.plan_name, o.tax_cents, o.top_up_account, null::text as account, 'charge' as direction,
         to_char(p.updated_at at time zone ${ZONE}, 'YYYY-MM') as month, ${iso(sql`p.updated_at`)} as at_iso
    from payments p left join orders o on p.payable_kind = 'order' and o.order_no = p.payable_ref
   where p.customer_id = ${customerId} and p.status = 'succeeded' and p.amount_cents > 0
  union all
  select 'l:' || l.id, null, l.reference, null, l.delta_cents, l.created_at,
         null, null, 0, null, l.account, 'credit',
         to_char(l.created_at at time zone ${ZONE}, 'YYYY-MM'), ${iso(sql`l.created_at`)}
    from balance_ledger l
   where l.customer_id = ${customerId} and l.delta_cents > 0
  union all
  select 'u:' || u.month, 'usage', 'usage:' || u.month, null, u.total_cents, u.at,
         null, null, 0, null, 'ild', 'charge', u.month, ${iso(sql`u.at`)}
    from (select to_char(l.created_at at time zone ${ZONE}, 'YYYY-MM') as month, -sum(l.delta_cents) as total_cents,
                 max(l.created_at) as at
            from balance_ledger l
           where l.customer_id = ${customerId} and l.reference like 'usage:%' and l.delta_cents < 0
           group by 1) u`;

interface MonthRow { month: string; charges: string | number; credits: string | number; tax: string | number; count: string | number }

const monthOf = (customerId: number, r: MonthRow): BillMonth => ({
  month: r.month, billNo: billNoOf(customerId, r.month), chargesCents: Number(r.charges), creditsCents: Number(r.credits),
  taxCents: Number(r.tax), count: Number(r.count),
});

const monthSums = sql`sum(case when direction = 'charge' then total_cents else 0 end) as charges,
  sum(case when direction = 'credit' then total_cents else 0 end) as credits,
  sum(case when direction = 'charge' then coalesce(tax_cents, 0) else 0 end) as tax, count(*) as count`;

export async function listBillMonths(deps: Deps, customerId: number, page: number, pageSize: number) {
  const [months, total] = await Promise.all([
    deps.db.execute(sql`select month, ${monthSums} from (${movements(customerId)}) m group by month order by month desc
      limit ${pageSize} offset ${(page - 1) * pageSize}`),
    deps.db.execute(sql`select count(distinct month) as n from (${movements(customerId)}) m`),
  ]);
  return {
    months: rowsOf<MonthRow>(months).map((r) => monthOf(customerId, r)),
    total: Number(rowsOf<{ n: string | number }>(total)[0]?.n ?? 0), page, pageSize,
  };
}

interface EntryRow {
  ref: string; payable_kind: string | null; payable_ref: string; method: PayMethod | null; total_cents: number;
  at_iso: string; order_kind: string | null; plan_name: string | null; tax_cents: number | null;
  top_up_account: 'general' | 'ild' | null; account: 'general' | 'ild' | null; direction: 'charge' | 'credit';
}

const chargeKind = (r: EntryRow): BillEntry['kind'] => {
  // Issue 15's line orders (decision 0029): data add-ons and roaming packs are add-ons, a global pack renewed a renewal.
  if (r.payable_kind === 'order' && (r.order_kind === 'addOn' || r.order_kind === 'roaming')) return 'addOn';
  if (r.payable_kind === 'order' && r.order_kind === 'globalRenewal') return 'renewal';
  // Issue 16: periods of number keeping (decision 0035).
  if (r.payable_kind === 'order' && r.order_kind === 'protect') return 'protect';
  // A renewal or recovery is paid as an order of kind 'renewal' (issue 15, decision 0025).
  if (r.payable_kind === 'order') return r.order_kind === 'topup' ? 'topup' : r.order_kind === 'renewal' ? 'renewal' : 'order';
  if (r.payable_kind === 'renewal') return 'renewal';
  if (r.payable_kind === 'addOn') return 'addOn';
  if (r.payable_kind === 'usage') return 'usage';
  if (r.payable_kind === 'dualNumber') return 'dualNumber';
  return 'other';
};
const creditKind = (reference: string): BillEntry['kind'] =>
  reference.startsWith('topup:') ? 'topup' : reference.startsWith('reward:') ? 'reward' : 'other';

function entryOf(r: EntryRow): BillEntry {
  const total = Number(r.total_cents);
  const at = r.at_iso;
  if (r.direction === 'credit') {
    const orderNo = r.payable_ref.startsWith('topup:') ? r.payable_ref.slice('topup:'.length) : null;
    return {
      ref: r.ref, kind: creditKind(r.payable_ref), direction: 'credit', at, label: r.account === 'ild' ? 'ILD account' : 'General account',
      orderNo, amountCents: total, taxCents: 0, totalCents: total, payMethod: null, account: r.account,
    };
  }
  const tax = Number(r.tax_cents ?? 0);
  const kind = chargeKind(r);
  return {
    ref: r.ref, kind, direction: 'charge', at,
    label: kind === 'topup' ? (r.top_up_account === 'ild' ? 'ILD account' : 'General account')
      : kind === 'usage' ? 'International calls' : kind === 'dualNumber' ? 'US-China dual number' : kind === 'protect' ? 'Number keeping'
        : r.plan_name ?? r.payable_kind ?? '',
    orderNo: r.payable_kind === 'order' ? r.payable_ref : null,
    amountCents: total - tax, taxCents: tax, totalCents: total, payMethod: r.method,
    account: kind === 'topup' ? r.top_up_account : kind === 'usage' ? 'ild' : null,
  };
}

export async function billOfMonth(deps: Deps, customerId: number, month: string): Promise<BillMonth & { entries: BillEntry[] }> {
  const [entries, sums] = await Promise.all([
    deps.db.execute(sql`select * from (${movements(customerId)}) m where month = ${month} order by at, direction, ref`),
    deps.db.execute(sql`select month, ${monthSums} from (${movements(customerId)}) m where month = ${month} group by month`),
  ]);
  const [sum] = rowsOf<MonthRow>(sums);
  const totals = sum ? monthOf(customerId, sum) : { month, billNo: billNoOf(customerId, month), chargesCents: 0, creditsCents: 0, taxCents: 0, count: 0 };
  return { ...totals, entries: rowsOf<EntryRow>(entries).map(entryOf) };
}
