/**
 * The two documents of /serviceTerms (spec section 2: "/serviceTerms (default /serviceTerms/serviceClause; ?isPolicy=2
 * shows privacy)"): their sections in reading order and each section's blocks, a paragraph or a list. The words are in
 * the `legal` namespace (`legal:<doc>.s.<section>.<block>`), the same outline in every language. The refund section's
 * list comes from the refund rules of spec section 9 (src/domain/refunds.ts).
 */
import { NOT_REFUNDABLE } from '../../src/domain/refunds';

export type LegalDoc = 'terms' | 'privacy';

/** A paragraph's key, or a list of item keys (`list`), or a list of full keys (`items`) read from elsewhere. */
export type Block = string | { list: string[] } | { items: string[] };

export interface LegalSection { id: string; blocks: Block[] }

const list = (...keys: string[]) => ({ list: keys });

export const DOCUMENTS: Record<LegalDoc, LegalSection[]> = {
  terms: [
    { id: 'prepaid', blocks: ['p1', 'p2'] },
    { id: 'personalUse', blocks: ['p1', 'p2', list('l1', 'l2', 'l3')] },
    { id: 'plans', blocks: ['p1', 'p2', 'p3'] },
    { id: 'payment', blocks: ['p1', 'p2'] },
    { id: 'autoRenewal', blocks: ['p1', 'p2'] },
    { id: 'activation', blocks: ['p1', 'p2'] },
    { id: 'porting', blocks: ['p1', 'p2', 'p3'] },
    { id: 'plansEnd', blocks: ['p1', 'p2', 'p3'] },
    { id: 'suspension', blocks: ['p1'] },
    { id: 'emergency', blocks: ['p1', 'p2'] },
    { id: 'refunds', blocks: ['p1', 'p2', { items: NOT_REFUNDABLE.map((item) => `legal:refunds.notRefundable.${item}`) }] },
    { id: 'promotions', blocks: ['p1'] },
    { id: 'changes', blocks: ['p1'] },
    { id: 'contact', blocks: ['p1'] },
  ],
  privacy: [
    { id: 'collect', blocks: ['p1', list('l1', 'l2', 'l3', 'l4', 'l5', 'l6', 'l7')] },
    { id: 'use', blocks: [list('l1', 'l2', 'l3', 'l4', 'l5', 'l6')] },
    { id: 'share', blocks: ['p1', list('l1', 'l2', 'l3', 'l4', 'l5', 'l6'), 'p2'] },
    { id: 'cpni', blocks: ['p1', 'p2'] },
    { id: 'keep', blocks: [list('l1', 'l2', 'l3', 'l4', 'l5', 'l6')] },
    { id: 'security', blocks: ['p1'] },
    { id: 'rights', blocks: ['p1', list('l1', 'l2', 'l3', 'l4'), 'p2'] },
    { id: 'children', blocks: ['p1'] },
    { id: 'transfers', blocks: ['p1'] },
    { id: 'changes', blocks: ['p1'] },
    { id: 'contact', blocks: ['p1'] },
  ],
};

/** The date the documents took effect (shown as "Last updated"). */
export const LEGAL_UPDATED = '2026-11-25';

/** `?isPolicy=2` shows the privacy policy; anything else the terms of service. */
export const docOf = (search: URLSearchParams): LegalDoc => (search.get('isPolicy') === '2' ? 'privacy' : 'terms');

/** Where each document lives (the privacy policy is the terms' page with ?isPolicy=2). */
export const LEGAL_PATHS: Record<LegalDoc, string> = {
  terms: '/serviceTerms/serviceClause',
  privacy: '/serviceTerms/serviceClause?isPolicy=2',
};

/** Every i18n key a document reads, in page order (a test checks each exists in the three languages). */
export function keysOf(doc: LegalDoc): string[] {
  return [`legal:${doc}.title`, `legal:${doc}.intro`, ...DOCUMENTS[doc].flatMap((s) => [
    `legal:${doc}.s.${s.id}.title`,
    ...s.blocks.flatMap((b) => (typeof b === 'string' ? [`legal:${doc}.s.${s.id}.${b}`] : 'list' in b ? b.list.map((k) => `legal:${doc}.s.${s.id}.${k}`) : b.items)),
  ])];
}
