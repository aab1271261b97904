/**
 * From the page's data and the join form's draft to what /welfare shows (zag "connect" pattern): which part of the
 * page is on, the card offered first, and the join form's field errors (the contract's schema, as the gateway checks
 * it again), and where the gateway's refusal goes (spec section 8: 120084 under the email, 120085 under the card).
 */
import { welfareJoinBody, type WelfareCard, type WelfareData } from '../../src/contract/welfare';
import { problemText, type ProblemLike, type Text } from '../ui/text';

export interface JoinDraft { cardId: number | null; email: string }
export type JoinField = 'cardId' | 'email';
export type FieldErrors = Partial<Record<JoinField, Text[]>>;

export type Section = 'loading' | 'loadFailed' | 'participation' | 'notIndividual' | 'notCustomer' | 'closed' | 'join';

export function sectionOf(data: WelfareData | null, loadFailed: boolean): Section {
  if (!data) return loadFailed ? 'loadFailed' : 'loading';
  if (data.participation && (data.participation.edition === data.edition?.id || !data.edition)) return 'participation';
  if (data.eligibility === 'notIndividual') return 'notIndividual';
  if (data.eligibility === 'notCustomer') return 'notCustomer';
  return data.edition ? 'join' : 'closed';
}

/** The card chosen when the page opens: the default card if it can join, else the first that can. */
export const firstChoice = (cards: WelfareCard[]): number | null =>
  (cards.find((c) => c.isDefault && c.joinable) ?? cards.find((c) => c.joinable))?.id ?? null;

/** The form's own check, with the contract's schema: the errors by field, empty when it may be sent. */
export function draftErrors(draft: JoinDraft): FieldErrors {
  const parsed = welfareJoinBody.safeParse({ cardId: draft.cardId ?? undefined, email: draft.email });
  if (parsed.success) return {};
  const out: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] === 'cardId' ? 'cardId' : 'email';
    (out[field] ??= []).push({ key: issue.message });
  }
  return out;
}

export interface Refusal { fields: FieldErrors; notice: Text | null; reload: boolean }

/** Where a refused join is told: next to its field with what to do next, or above the form. */
export function refusalOf(p: ProblemLike & { data?: unknown }): Refusal {
  const field = (p.data as { field?: string } | undefined)?.field;
  if (p.code === '120084') return { fields: { email: [problemText(p), { key: 'welfare:join.emailTaken' }] }, notice: null, reload: false };
  if (p.code === '120085') return { fields: { cardId: [problemText(p), { key: 'welfare:join.cardTaken' }] }, notice: null, reload: false };
  if (p.code === '90056') return { fields: {}, notice: { key: 'welfare:join.alreadyJoined' }, reload: true };
  if (p.code === 'campaignClosed') return { fields: {}, notice: { key: 'welfare:join.closed' }, reload: true };
  if (p.code === 'validation' && (field === 'cardId' || field === 'email')) return { fields: { [field]: [problemText(p)] }, notice: null, reload: field === 'cardId' };
  return { fields: {}, notice: problemText(p), reload: p.code === 'campaignNotEligible' };
}
