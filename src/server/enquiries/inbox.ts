/**
 * The staff console's inbox (issue 18): contact messages and dealer applications, open or closed, newest first; one in
 * full; and "mark handled", applied to the enquiry chart (machines/enquiry.machine.ts) with the row locked, who and
 * when written with the staff audit row in the same transaction. Every list, view and close is in the audit log.
 */
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { INBOX_PAGE_SIZE, type EnquiryState, type InboxBox, type InboxDetail, type InboxItem } from '../../contract/enquiries';
import { enquiryMachine, type EnquiryEvent } from '../../../machines/enquiry.machine';
import type { Deps } from '../context';
import type { Db } from '../db/database';
import { applyLifecycleEvent } from '../db/lifecycle';
import { contactMessages, dealerApplications, staffAccounts, staffAudit } from '../db/schema';
import { GatewayError } from '../http/errors';
import { audit, type StaffSession } from '../staff';
import { fullName } from './names';

type Contact = typeof contactMessages.$inferSelect;
type Dealer = typeof dealerApplications.$inferSelect;
type Row = { box: 'contact'; row: Contact } | { box: 'dealer'; row: Dealer };

const subjectOf = (box: InboxBox, id: number) => `${box}:${id}`;

const tableOf = (box: InboxBox) => (box === 'contact' ? contactMessages : dealerApplications);

async function staffEmails(db: Db, ids: (number | null)[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((v): v is number => v !== null))];
  if (wanted.length === 0) return new Map();
  return new Map((await db.select({ id: staffAccounts.id, email: staffAccounts.email }).from(staffAccounts).where(inArray(staffAccounts.id, wanted))).map((s) => [s.id, s.email]));
}

function summary(item: Row, closers: Map<number, string>): InboxItem {
  const { row } = item;
  return {
    box: item.box, id: row.id, reference: row.reference, state: row.state as EnquiryState,
    from: item.box === 'contact' ? item.row.name : fullName(item.row.firstName, item.row.lastName),
    email: row.email,
    subject: item.box === 'contact' ? item.row.topic : item.row.storeName,
    receivedAt: row.createdAt.toISOString(), closedAt: row.closedAt?.toISOString() ?? null,
    closedBy: row.closedBy ? closers.get(row.closedBy) ?? null : null,
  };
}

async function openCounts(db: Db): Promise<{ contact: number; dealer: number }> {
  const [c] = await db.select({ n: count() }).from(contactMessages).where(eq(contactMessages.state, 'open'));
  const [d] = await db.select({ n: count() }).from(dealerApplications).where(eq(dealerApplications.state, 'open'));
  return { contact: Number(c?.n ?? 0), dealer: Number(d?.n ?? 0) };
}

export async function inboxList(deps: Deps, staff: StaffSession, box: InboxBox, status: EnquiryState, page = 1) {
  const offset = (page - 1) * INBOX_PAGE_SIZE;
  const [rows, total] = box === 'contact'
    ? [
      (await deps.db.select().from(contactMessages).where(eq(contactMessages.state, status)).orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
        .limit(INBOX_PAGE_SIZE).offset(offset)).map((row): Row => ({ box, row })),
      (await deps.db.select({ n: count() }).from(contactMessages).where(eq(contactMessages.state, status)))[0]?.n ?? 0,
    ]
    : [
      (await deps.db.select().from(dealerApplications).where(eq(dealerApplications.state, status)).orderBy(desc(dealerApplications.createdAt), desc(dealerApplications.id))
        .limit(INBOX_PAGE_SIZE).offset(offset)).map((row): Row => ({ box: 'dealer', row })),
      (await deps.db.select({ n: count() }).from(dealerApplications).where(eq(dealerApplications.state, status)))[0]?.n ?? 0,
    ];
  await audit(deps.db, staff.staffId, 'inbox.list', `inbox:${box}`, { status, page }, deps.clock.now());
  const closers = await staffEmails(deps.db, rows.map((r) => r.row.closedBy));
  return { items: rows.map((r) => summary(r, closers)), open: await openCounts(deps.db), total: Number(total), page, pageSize: INBOX_PAGE_SIZE };
}

async function rowOf(db: Db, box: InboxBox, id: number): Promise<Row> {
  if (box === 'contact') {
    const [row] = await db.select().from(contactMessages).where(eq(contactMessages.id, id));
    if (row) return { box, row };
  } else {
    const [row] = await db.select().from(dealerApplications).where(eq(dealerApplications.id, id));
    if (row) return { box, row };
  }
  throw new GatewayError('noRecord');
}

export async function inboxItem(deps: Deps, staff: StaffSession, box: InboxBox, id: number): Promise<InboxDetail> {
  const item = await rowOf(deps.db, box, id);
  await audit(deps.db, staff.staffId, 'inbox.view', subjectOf(box, id), {}, deps.clock.now());
  const closers = await staffEmails(deps.db, [item.row.closedBy]);
  const log = await deps.db.select({ action: staffAudit.action, staff: staffAccounts.email, at: staffAudit.at })
    .from(staffAudit).innerJoin(staffAccounts, eq(staffAccounts.id, staffAudit.staffId))
    .where(eq(staffAudit.subject, subjectOf(box, id))).orderBy(desc(staffAudit.id)).limit(50);
  const fact = (field: string, value: string | null) => (value ? [{ field, value }] : []);
  const details = item.box === 'contact'
    ? { facts: [...fact('topic', item.row.topic)], text: [{ field: 'message', value: item.row.message }] }
    : {
      facts: [
        ...fact('storeName', item.row.storeName), ...fact('country', item.row.country), ...fact('state', item.row.region),
        ...fact('city', item.row.city), ...fact('howHeard', item.row.howHeard),
      ],
      text: [{ field: 'whyInterested', value: item.row.whyInterested }, ...fact('extra', item.row.extra)],
    };
  return {
    ...summary(item, closers), phone: item.row.phone ?? null, lang: item.row.lang, ...details,
    log: log.map((l) => ({ action: l.action, staff: l.staff, at: l.at.toISOString() })),
  };
}

/**
 * Marks it handled. Two staff members closing it at once: the chart lets one through; the other is answered with the
 * item as the first left it (closed, by whom), which is what they wanted, and nothing of theirs is written.
 */
export async function closeInboxItem(deps: Deps, staff: StaffSession, box: InboxBox, id: number): Promise<InboxItem> {
  const table = tableOf(box);
  const now = deps.clock.now();
  const alreadyClosed = new GatewayError('noRecord');
  try {
    await applyLifecycleEvent<EnquiryEvent>(deps.db, {
      chart: 'enquiry', machine: enquiryMachine, entityRef: subjectOf(box, id), at: now,
      event: { type: 'enquiry.close', staff: staff.email },
      rejectWith: alreadyClosed,
      store: {
        load: async (tx) => (await tx.select({ state: table.state }).from(table).where(eq(table.id, id)).for('update'))[0]?.state ?? null,
        save: async (tx, state) => { await tx.update(table).set({ state }).where(eq(table.id, id)); },
      },
      actions: {
        recordHandled: async (tx) => {
          await tx.update(table).set({ closedAt: now, closedBy: staff.staffId }).where(and(eq(table.id, id), eq(table.state, 'open')));
          await audit(tx, staff.staffId, 'inbox.close', subjectOf(box, id), {}, now);
        },
      },
    });
  } catch (error) {
    if (error !== alreadyClosed) throw error;
  }
  const item = await rowOf(deps.db, box, id);
  return summary(item, await staffEmails(deps.db, [item.row.closedBy]));
}
