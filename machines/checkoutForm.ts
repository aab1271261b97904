/**
 * The plan purchase form of spec section 2 as the customer fills it in (the draft), and what it becomes: the
 * createOrder body (checked with the contract's checkoutFormSchema, the same schema the gateway parses) and the
 * quote request. Pure: no React, no I/O.
 */
import type { BundleList } from '../src/contract/catalog';
import {
  checkoutFormSchema, quoteRequest, type CHANNELS, type CheckoutForm, type QuoteRequest, type REASONS,
} from '../src/contract/orders';
import { PLAN_MONTHS, expressShipsTo, type PlanMonths } from '../src/domain/pricing';
import { isUsState, zipMatchesState } from '../src/domain/usStates';
import { departureDateProblem, isAcademicEmail, type StudentGrade } from '../src/domain/student';

export type Channel = (typeof CHANNELS)[number];
export type Reason = (typeof REASONS)[number];
export type SimType = 'physical' | 'esim';
export type Country = 'US' | 'CN';

export interface AddressDraft { country: Country; address1: string; address2: string; city: string; state: string; zip: string }
export interface ShippingDraft extends AddressDraft {
  firstNameEn: string; lastNameEn: string; firstNameZh: string; lastNameZh: string; phone: string; email: string;
}

/**
 * Issue 18 section 4 (decision 0045): "I am a student" and spec section 3's "Student info: school, grade, departure
 * date, edu email", with the code typed from the email and the proof the gateway answered for the address.
 */
export interface StudentDraft {
  isStudent: boolean;
  school: string;
  grade: StudentGrade | '';
  departureDate: string;
  eduEmail: string;
  eduCode: string;
  /** The gateway's proof of `eduEmail` (verifyEduCode); null until proved, and again once the address changes. */
  verification: string | null;
}

export const emptyStudent = (): StudentDraft => ({ isStudent: false, school: '', grade: '', departureDate: '', eduEmail: '', eduCode: '', verification: null });

export interface CheckoutDraft {
  /**
   * Issue 4, "current ICCID has no plan": the activation token of the card the plan is bought for (one SIM of the
   * card's type, nothing posted); null for an order of new SIMs.
   */
  activationToken: string | null;
  /** A US plan (planId with months) or a global data SIM pack (globalPackId, one period). */
  planId: number | null;
  globalPackId: number | null;
  months: PlanMonths;
  simType: SimType;
  /** As typed: more than 10 goes to the gateway, which answers 120082 (spec section 5 "SIM quantity 1-10"). */
  simCount: string;
  autoRenew: boolean;
  autoRenewTermsAccepted: boolean;
  shipping: ShippingDraft;
  shippingMethod: 'standard' | 'express';
  billingSameAsShipping: boolean;
  billing: AddressDraft;
  couponCode: string;
  referralCode: string;
  termsAccepted: boolean;
  confirmPersonalUse: boolean;
  confirmUsOnly: boolean;
  channel: Channel | '';
  reasons: Reason[];
  student: StudentDraft;
  /** Spec section 3 stored keys `promotion` and `activityCode`: where the buyer came from, as a campaign link said. */
  promotionPlatform: string;
  activityCode: string;
}

/** The text and choice fields the form edits with `field.change` (dotted paths into the draft). */
export type TextField =
  | 'simCount' | 'couponCode' | 'referralCode' | 'channel' | 'promotionPlatform' | 'activityCode'
  | `shipping.${keyof ShippingDraft}` | `billing.${keyof AddressDraft}`
  | 'student.school' | 'student.grade' | 'student.departureDate' | 'student.eduEmail' | 'student.eduCode';
export type ChoiceField = 'planId' | 'globalPackId' | 'months' | 'simType' | 'shippingMethod';
export type FlagField = 'billingSameAsShipping' | 'termsAccepted' | 'confirmPersonalUse' | 'confirmUsOnly';
export type DraftField = TextField | ChoiceField | FlagField | 'reasons';

export type FieldChange =
  | { field: TextField; value: string }
  | { field: 'planId' | 'globalPackId'; value: number }
  | { field: 'months'; value: PlanMonths }
  | { field: 'simType'; value: SimType }
  | { field: 'shippingMethod'; value: 'standard' | 'express' }
  | { field: FlagField; value: boolean }
  | { field: 'reasons'; value: Reason[] };

/** Field errors keyed by the draft's dotted path (`shipping.zip`); messages are i18n keys. */
export type FieldErrors = Partial<Record<string, string[]>>;

const emptyAddress = (): AddressDraft => ({ country: 'US', address1: '', address2: '', city: '', state: '', zip: '' });

export const emptyDraft = (): CheckoutDraft => ({
  activationToken: null, planId: null, globalPackId: null, months: 1, simType: 'esim', simCount: '1',
  autoRenew: false, autoRenewTermsAccepted: false,
  shipping: { ...emptyAddress(), firstNameEn: '', lastNameEn: '', firstNameZh: '', lastNameZh: '', phone: '', email: '' },
  shippingMethod: 'standard', billingSameAsShipping: true, billing: emptyAddress(),
  couponCode: '', referralCode: '', termsAccepted: false, confirmPersonalUse: false, confirmUsOnly: false, channel: '', reasons: [],
  student: emptyStudent(), promotionPlatform: '', activityCode: '',
});

/** What a link from the plan pages asks for (TEAM.md "Client URLs between pages"); missing or invalid: defaults. */
export interface ProductLink {
  plan?: string | null; pack?: number | null; months?: number | null; simType?: string | null; count?: number | null;
  /** A plan page's student link (decision 0045): the form opens with "I am a student" on. Not part of what is bought. */
  student?: boolean | null;
}

/** Chooses the product of a link against the catalogue: the featured US plan when the link names none that exists. */
export function applyLink(draft: CheckoutDraft, link: ProductLink | null, catalog: BundleList): CheckoutDraft {
  const next = { ...draft };
  const pack = link?.pack != null ? catalog.global.packs.find((p) => p.id === link.pack) : undefined;
  const plan = link?.plan ? catalog.plans.find((p) => p.slug === link.plan && p.kind === 'us') : undefined;
  if (pack) {
    next.globalPackId = pack.id; next.planId = null; next.months = 1; next.autoRenew = false; next.autoRenewTermsAccepted = false;
  } else if (plan) {
    next.planId = plan.id; next.globalPackId = null;
  } else if (next.planId == null && next.globalPackId == null) {
    next.planId = (catalog.plans.find((p) => p.kind === 'us' && p.featured) ?? catalog.plans.find((p) => p.kind === 'us'))?.id ?? null;
  }
  if (!pack && link?.months && (PLAN_MONTHS as readonly number[]).includes(link.months)) next.months = link.months as PlanMonths;
  const simTypes = pack ? catalog.global.simTypes : (catalog.plans.find((p) => p.id === next.planId)?.simTypes ?? []);
  if (link?.simType === 'physical' || link?.simType === 'esim') {
    if (simTypes.includes(link.simType)) next.simType = link.simType;
  }
  if (link?.count && Number.isInteger(link.count) && link.count >= 1) next.simCount = String(link.count);
  return next;
}

const countOf = (v: string): number => (/^\s*\d+\s*$/.test(v) ? Number(v) : Number.NaN);

const LINK_FIELDS = ['plan', 'pack', 'months', 'simType', 'count'] as const;

/**
 * Whether a link asks for the product `ordered` is (the order a reload would resume): every value the link names
 * must be the ordered one; a link naming nothing asks for nothing in particular.
 */
export function linkMatches(link: ProductLink | null, ordered: ProductLink | null): boolean {
  if (!link) return true;
  return LINK_FIELDS.every((f) => link[f] == null || link[f] === ordered?.[f]);
}

/** What a draft buys, as a plan page's link names it (the slug from the catalogue). */
export function linkOf(d: CheckoutDraft, catalog: BundleList): ProductLink {
  const count = countOf(d.simCount);
  const common = { simType: d.simType, count: Number.isInteger(count) ? count : null };
  if (d.globalPackId != null) return { pack: d.globalPackId, ...common };
  return { plan: catalog.plans.find((p) => p.id === d.planId)?.slug ?? null, months: d.months, ...common };
}

export function setField(draft: CheckoutDraft, change: FieldChange): CheckoutDraft {
  const [head, tail] = change.field.split('.') as [keyof CheckoutDraft, string | undefined];
  if (tail && head === 'student') {
    const student = { ...draft.student, [tail]: change.value } as StudentDraft;
    // The proof and the code sent are for one address: another address is proved again.
    if (tail === 'eduEmail' && normalEmail(String(change.value)) !== normalEmail(draft.student.eduEmail)) { student.verification = null; student.eduCode = ''; }
    return { ...draft, student };
  }
  if (tail && (head === 'shipping' || head === 'billing')) {
    const part = { ...draft[head], [tail]: change.value } as AddressDraft;
    // A new country has other states and postcodes: the old state would only be refused.
    if (tail === 'country' && change.value !== draft[head].country) { part.state = ''; }
    const next = { ...draft, [head]: part } as CheckoutDraft;
    if (head === 'shipping' && tail === 'country' && !expressShipsTo(String(change.value))) next.shippingMethod = 'standard';
    return next;
  }
  const next = { ...draft, [head]: change.value } as CheckoutDraft;
  if (change.field === 'simType' && change.value === 'esim') next.shippingMethod = 'standard';
  if (change.field === 'planId') next.globalPackId = null;
  if (change.field === 'globalPackId') { next.planId = null; next.months = 1; }
  return next;
}

/** The fields whose change the gateway's quote depends on (codes are applied with their own button). */
export const QUOTE_FIELDS: ReadonlySet<DraftField> = new Set<DraftField>([
  'planId', 'globalPackId', 'months', 'simType', 'simCount', 'shippingMethod', 'billingSameAsShipping',
  'shipping.country', 'shipping.state', 'shipping.zip', 'billing.country', 'billing.state', 'billing.zip',
]);

const orNull = (v: string) => (v.trim() ? v.trim() : null);
export const normalEmail = (v: string) => v.trim().toLowerCase();

/** The student part of the order body: the info and the proof, or null when the buyer is not buying as a student. */
const studentBody = (s: StudentDraft): CheckoutForm['student'] => (s.isStudent ? {
  school: s.school, grade: (s.grade || undefined) as StudentGrade, departureDate: s.departureDate, eduEmail: s.eduEmail, verification: s.verification,
} : null);

/** "Edu email for student flow": the address can be sent a code (an academic domain). */
export const eduEmailIsAcademic = (d: CheckoutDraft): boolean => isAcademicEmail(d.student.eduEmail);
/** The code typed is six digits. */
export const eduCodeIsComplete = (d: CheckoutDraft): boolean => /^\d{6}$/.test(d.student.eduCode.trim());
/** A physical SIM is posted, unless it is the card being activated (already in the customer's hands). */
export const needsAddress = (d: CheckoutDraft): boolean => d.simType === 'physical' && !d.activationToken;
const billingFrom = (d: CheckoutDraft): AddressDraft => (d.billingSameAsShipping && needsAddress(d) ? d.shipping : d.billing);

/** The billing ZIP the provider compares with the card's postal code (the shipping one when billing is the same). */
export const billingZipOf = (d: CheckoutDraft): string | null => billingFrom(d).zip.trim() || null;

/** The createOrder body: exactly what the contract's checkoutFormSchema parses. */
export function toOrderBody(d: CheckoutDraft): CheckoutForm {
  const s = d.shipping;
  const physical = needsAddress(d);
  const billingFromShipping = d.billingSameAsShipping && physical;
  return {
    ...(d.activationToken ? { activationToken: d.activationToken } : {}),
    planId: d.planId, globalPackId: d.globalPackId, months: d.globalPackId != null ? 1 : d.months,
    simType: d.simType, simCount: countOf(d.simCount),
    autoRenew: d.autoRenew, autoRenewTermsAccepted: d.autoRenewTermsAccepted,
    shipping: {
      country: s.country, firstNameEn: s.firstNameEn, lastNameEn: s.lastNameEn,
      firstNameZh: orNull(s.firstNameZh), lastNameZh: orNull(s.lastNameZh), phone: s.phone, email: s.email,
      address1: physical ? orNull(s.address1) : null, address2: physical ? orNull(s.address2) : null,
      city: physical ? orNull(s.city) : null, state: physical ? orNull(s.state) : null, zip: physical ? orNull(s.zip) : null,
    },
    shippingMethod: physical ? d.shippingMethod : 'standard',
    billingSameAsShipping: billingFromShipping,
    billing: billingFromShipping ? null : {
      country: d.billing.country, address1: d.billing.address1, address2: orNull(d.billing.address2),
      city: d.billing.city, state: d.billing.state, zip: d.billing.zip,
    },
    couponCode: orNull(d.couponCode), referralCode: orNull(d.referralCode),
    termsAccepted: d.termsAccepted as true, confirmPersonalUse: d.confirmPersonalUse as true, confirmUsOnly: d.confirmUsOnly as true,
    channel: (d.channel || undefined) as Channel,
    reasons: d.reasons,
    student: studentBody(d.student),
    promotionPlatform: orNull(d.promotionPlatform), activityCode: orNull(d.activityCode),
  };
}

const validUsAddress = (a: AddressDraft) => a.country === 'US' && isUsState(a.state) && zipMatchesState(a.zip.trim(), a.state);

/** Where tax is computed (contract quoteRequest): the billing address in the US, else the US shipping address. */
export function taxSource(d: CheckoutDraft): 'billing' | 'shipping' | null {
  const billing = billingFrom(d);
  if (validUsAddress(billing)) return d.billingSameAsShipping && needsAddress(d) ? 'shipping' : 'billing';
  if (needsAddress(d) && validUsAddress(d.shipping)) return 'shipping';
  return null;
}

export function toQuoteRequest(d: CheckoutDraft): QuoteRequest {
  const source = taxSource(d);
  const tax = source === 'shipping' ? d.shipping : source === 'billing' ? d.billing : null;
  return {
    ...(d.activationToken ? { activationToken: d.activationToken } : {}),
    planId: d.planId, globalPackId: d.globalPackId, months: d.globalPackId != null ? 1 : d.months,
    simType: d.simType, simCount: countOf(d.simCount),
    shippingCountry: needsAddress(d) ? d.shipping.country : null,
    shippingMethod: needsAddress(d) ? d.shippingMethod : 'standard',
    taxAddress: tax ? { country: 'US', state: tax.state, zip: tax.zip.trim() } : null,
    couponCode: orNull(d.couponCode), referralCode: orNull(d.referralCode),
  };
}

/** The quote can be asked only for a product and a whole number of SIMs. */
export const canQuote = (d: CheckoutDraft): boolean => quoteRequest.safeParse(toQuoteRequest(d)).success;

/** Valid stand-ins for fields that already failed (see formProblems); state and ZIP depend on the country. */
const STAND_INS: Record<string, unknown> = {
  firstNameEn: 'A', lastNameEn: 'A', firstNameZh: null, lastNameZh: null, phone: '6265550100', email: 'a@example.com',
  address1: 'A', address2: null, city: 'A', channel: 'other', termsAccepted: true, confirmPersonalUse: true, confirmUsOnly: true,
  simCount: 1, couponCode: null, referralCode: null,
  school: 'School', grade: 'other', departureDate: '2000-01-01', eduEmail: 'a@school.edu', promotionPlatform: null, activityCode: null,
};
const ADDRESS_STAND_INS = { US: { state: 'CA', zip: '90001' }, CN: { state: 'A', zip: '100000' } } as const;

function withStandIn(body: unknown, path: readonly (string | number)[]): boolean {
  let node = body as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) {
    if (typeof node[key] !== 'object' || node[key] === null) return false;
    node = node[key] as Record<string | number, unknown>;
  }
  const leaf = path[path.length - 1]!;
  // The proof of the edu address is missing: the message stands next to the code; a stand-in proof lets other rules show.
  if (leaf === 'eduCode') { node.verification = 'stand-in'; return true; }
  const country = node.country === 'CN' ? 'CN' : 'US';
  if (leaf === 'state' || leaf === 'zip') { node[leaf] = ADDRESS_STAND_INS[country][leaf]; return true; }
  if (typeof leaf === 'string' && leaf in STAND_INS) { node[leaf] = STAND_INS[leaf]; return true; }
  return false;
}

/**
 * Every rule the contract's schema breaks, next to its field (the first message per field). Zod skips a form's
 * refinements once a field has failed (the posted SIM's address, the ZIP against the state ...), so the same schema
 * is asked again with the failing fields set to valid stand-ins until no new rule shows: the customer sees every
 * broken rule at once, and each message is still the schema's own.
 */
export function formProblems(d: CheckoutDraft, now: Date = new Date()): FieldErrors {
  const out: FieldErrors = {};
  // The departure date's window depends on the day: the same rule the gateway checks on its own day (src/domain/student.ts).
  if (d.student.isStudent && d.student.departureDate.trim()) {
    const problem = departureDateProblem(d.student.departureDate.trim(), now);
    if (problem) out['student.departureDate'] = [problem];
  }
  const body = JSON.parse(JSON.stringify(toOrderBody(d))) as unknown;
  for (let pass = 0; pass < 4; pass++) {
    const result = checkoutFormSchema.safeParse(body);
    if (result.success) break;
    let patched = false;
    for (const issue of result.error.issues) {
      const path = issue.path.filter((p): p is string | number => typeof p === 'string' || typeof p === 'number');
      const joined = path.join('.') || 'form';
      const field = joined === 'billing' ? 'billing.address1' : joined;
      if (!out[field]) out[field] = [issue.message];
      if (withStandIn(body, path)) patched = true;
    }
    if (!patched) break;
  }
  return out;
}

/** The order fields in the order the form shows them, so focus goes to the first error on the page. */
export const FIELD_ORDER: readonly string[] = [
  'planId', 'globalPackId', 'months', 'simType', 'simCount', 'autoRenewTermsAccepted',
  'student.school', 'student.grade', 'student.departureDate', 'student.eduEmail', 'student.eduCode',
  'shipping.country', 'shipping.firstNameEn', 'shipping.lastNameEn', 'shipping.firstNameZh', 'shipping.lastNameZh',
  'shipping.phone', 'shipping.email', 'shipping.address1', 'shipping.address2', 'shipping.city', 'shipping.state', 'shipping.zip',
  'shippingMethod', 'billingSameAsShipping',
  'billing.country', 'billing.address1', 'billing.address2', 'billing.city', 'billing.state', 'billing.zip',
  'couponCode', 'referralCode', 'channel', 'reasons', 'termsAccepted', 'confirmPersonalUse', 'confirmUsOnly',
];

/** The card a plan is bought for at activation (issue 4): the activation token and what step 1 answered about it. */
export interface ActivationCard { activationToken: string; iccid: string; kind: 'us' | 'global'; simType: SimType }

/**
 * "Exactly one SIM, its type fixed by the card": the draft carries the card's token, type and one SIM, and buys what
 * the card takes (a US plan, or a data pack for the global card: the catalogue's first when none is chosen yet).
 */
export function fitToCard(d: CheckoutDraft, card: ActivationCard | null, catalog: BundleList | null): CheckoutDraft {
  if (!card) return d;
  const next: CheckoutDraft = { ...d, activationToken: card.activationToken, simType: card.simType, simCount: '1', shippingMethod: 'standard' };
  if (!catalog) return next;
  if (card.kind === 'global' && next.globalPackId == null) {
    return { ...next, planId: null, globalPackId: catalog.global.packs[0]?.id ?? null, months: 1, autoRenew: false, autoRenewTermsAccepted: false };
  }
  if (card.kind === 'us' && next.planId == null) {
    return { ...next, globalPackId: null, planId: (catalog.plans.find((p) => p.kind === 'us' && p.featured) ?? catalog.plans.find((p) => p.kind === 'us'))?.id ?? null };
  }
  return next;
}
