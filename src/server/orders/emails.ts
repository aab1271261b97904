/**
 * The order emails of issue 3 (section 4), in the buyer's language (stored on the order): the confirmation with
 * every amount of the summary, "payment succeeded but eSIM allocation failed" (spec section 8), and the shipping
 * email with carrier, tracking number and send time.
 */
import type { Language } from '../../../i18n/languages';
import { isLanguage } from '../../../i18n/languages';
import { formatPhone } from '../../domain/phone';
import type { orders } from '../db/schema';
import { t } from '../i18n';
import { countryName, dateTime, money, type Block, type Email } from '../messages';

type OrderRow = typeof orders.$inferSelect;

export const orderLanguage = (order: Pick<OrderRow, 'lang'>): Language => (isLanguage(order.lang) ? order.lang : 'en');

/** English: the first name; Chinese: the Chinese name when given, as it is written (surname first). */
export function greetingName(lang: Language, s: OrderRow['shipping']): string {
  if (lang === 'en') return s.firstNameEn;
  if (s.lastNameZh && s.firstNameZh) return `${s.lastNameZh}${s.firstNameZh}`;
  return `${s.firstNameEn} ${s.lastNameEn}`;
}

export interface OrderLinks { order: string; tracking: string; activation: string }

export const orderLinks = (site: string, order: Pick<OrderRow, 'orderNo' | 'email'> & { activationIccid?: string | null; kind?: OrderRow['kind'] }): OrderLinks => (
  // A replacement SIM (decision 0037) is followed and activated in the account, where the line moves to it.
  order.kind === 'replacement'
    ? { order: `${site}/personal/upgradeNewCard`, tracking: `${site}/tracking/search?${new URLSearchParams({ orderNo: order.orderNo, email: order.email })}`, activation: `${site}/personal/upgradeNewCard` }
    : {
      order: `${site}/${order.activationIccid ? 'activation' : 'plans'}/bundleResult/${encodeURIComponent(order.orderNo)}`,
      tracking: `${site}/tracking/search?${new URLSearchParams({ orderNo: order.orderNo, email: order.email })}`,
      activation: `${site}/activation/first`,
    });

export function addressLines(lang: Language, s: OrderRow['shipping']): string[] {
  const local = [s.city, [s.state, s.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [
    `${s.firstNameEn} ${s.lastNameEn}${s.lastNameZh || s.firstNameZh ? ` (${s.lastNameZh ?? ''}${s.firstNameZh ?? ''})` : ''}`,
    [s.address1, s.address2].filter(Boolean).join(', '),
    local,
    countryName(lang, s.country),
    formatPhone(s.phone),
  ].filter((line) => line.trim() !== '');
}

const CARRIER_KEYS: Record<string, string> = { USPS: 'usps', UPS: 'ups', 'SF Express': 'sf' };
export const carrierName = (lang: Language, carrier: string): string =>
  CARRIER_KEYS[carrier] ? t(lang, `messages:email.carrier.${CARRIER_KEYS[carrier]}`) : carrier;

function summaryRows(lang: Language, order: OrderRow, iccids: string[]): [string, string][] {
  const m = (cents: number) => money(lang, cents);
  const r = (key: string, vars?: Record<string, string | number>) => t(lang, `messages:email.order.rows.${key}`, vars);
  const rows: [string, string][] = [
    [r('orderNo'), order.orderNo],
    [r(order.kind === 'global' ? 'pack' : 'plan'), order.planName],
    [r('months'), r('monthsValue', { count: order.months })],
    ...(order.activationIccid
      ? [[r('card'), order.activationIccid] as [string, string]]
      : [
        [r('sims'), r('simsValue', { count: order.simCount, type: t(lang, `messages:email.simType.${order.simType}`) })] as [string, string],
        ...iccids.map((iccid, i): [string, string] => [r('iccid', { index: i + 1 }), iccid]),
      ]),
    [r('autoRenew'), r(order.autoRenew ? 'on' : 'off')],
    [r('planCost'), m(order.planCostCents)],
  ];
  if (order.multiMonthDiscountCents > 0) rows.push([r('multiMonthDiscount'), `-${m(order.multiMonthDiscountCents)}`]);
  if (order.couponCode) rows.push([r('codeDiscount', { code: order.couponCode }), `-${m(order.discountCents)}`]);
  if (order.referralCode) rows.push([r('referralCode'), order.referralCode]);
  if (order.simType === 'physical' && !order.activationIccid) {
    rows.push([r(order.shippingMethod === 'express' ? 'shippingExpress' : 'shippingStandard'), order.shippingFeeCents ? m(order.shippingFeeCents) : r('free')]);
  }
  rows.push([r('tax'), m(order.taxCents)], [r('total'), m(order.payAmountCents)]);
  return rows;
}

/**
 * Issue 4: the plan bought for a card being activated is on the card; nothing is shipped or sent: the customer goes
 * on with the activation.
 */
function activationPlanBlocks(order: OrderRow, links: OrderLinks, k: (key: string, vars?: Record<string, string | number>) => string): Block[] {
  return [
    { kind: 'heading', text: k('activationTitle') },
    { kind: 'paragraph', text: k('activationNext', { last4: (order.activationIccid ?? '').slice(-4) }) },
    { kind: 'link', href: links.activation, label: k('continueActivation') },
    { kind: 'link', href: links.order, label: k('viewOrder') },
  ];
}

/** `iccids`: the order's SIMs, in the order the eSIM emails number them. */
export function confirmationEmail(order: OrderRow, links: OrderLinks, paidAt: Date, iccids: string[]): Email {
  const lang = orderLanguage(order);
  const k = (key: string, vars?: Record<string, string | number>) => t(lang, `messages:email.order.${key}`, vars);
  // The same opening for every order: what was paid, when, and the summary.
  const head: Block[] = [
    { kind: 'paragraph', text: k('intro', { amount: money(lang, order.payAmountCents), date: dateTime(lang, paidAt) }) },
    { kind: 'heading', text: k('summaryTitle') },
    { kind: 'rows', rows: summaryRows(lang, order, iccids) },
  ];
  const email = (tail: Block[]): Email => ({ subject: k('subject', { orderNo: order.orderNo }), greetingName: greetingName(lang, order.shipping), blocks: [...head, ...tail] });
  // A plan bought for a card being activated: nothing ships; the card is ready to activate.
  if (order.activationIccid) return email(activationPlanBlocks(order, links, k));
  const next: Block[] = order.simType === 'esim'
    ? [{ kind: 'paragraph', text: k('esimNext', { count: order.simCount }) }]
    : [
      { kind: 'paragraph', text: k('physicalNext') },
      { kind: 'lines', lines: addressLines(lang, order.shipping) },
      { kind: 'paragraph', text: k('physicalAfter') },
    ];
  return email([
    { kind: 'heading', text: k(order.simType === 'esim' ? 'esimTitle' : 'physicalTitle') },
    ...next,
    { kind: 'link', href: links.order, label: k('viewOrder') },
    { kind: 'link', href: links.tracking, label: k('track') },
  ]);
}

export function esimFailedEmail(order: OrderRow, links: OrderLinks): Email {
  const lang = orderLanguage(order);
  const k = (key: string, vars?: Record<string, string | number>) => t(lang, `messages:email.esimFailed.${key}`, vars);
  return {
    subject: k('subject', { orderNo: order.orderNo }),
    greetingName: greetingName(lang, order.shipping),
    blocks: [
      { kind: 'paragraph', text: k('what', { amount: money(lang, order.payAmountCents), orderNo: order.orderNo }) },
      { kind: 'paragraph', text: k('next') },
      { kind: 'paragraph', text: k('help', { email: order.email }) },
      { kind: 'link', href: links.order, label: t(lang, 'messages:email.order.viewOrder') },
    ],
  };
}

export function shippedEmail(order: OrderRow, links: OrderLinks, shipped: { carrier: string; trackingNumber: string; sentAt: Date }): Email {
  const lang = orderLanguage(order);
  const k = (key: string, vars?: Record<string, string | number>) => t(lang, `messages:email.shipped.${key}`, vars);
  return {
    subject: k(order.kind === 'replacement' ? 'subjectReplacement' : 'subject', { orderNo: order.orderNo }),
    greetingName: greetingName(lang, order.shipping),
    blocks: [
      { kind: 'paragraph', text: k('intro', { date: dateTime(lang, shipped.sentAt) }) },
      { kind: 'rows', rows: [
        [t(lang, 'messages:email.order.rows.orderNo'), order.orderNo],
        [k('carrier'), carrierName(lang, shipped.carrier)],
        [k('trackingNumber'), shipped.trackingNumber],
        [k('sentAt'), dateTime(lang, shipped.sentAt)],
      ] },
      { kind: 'paragraph', text: k(order.shippingMethod === 'express' ? 'deliveryExpress' : 'deliveryStandard') },
      { kind: 'heading', text: k('shipTo') },
      { kind: 'lines', lines: addressLines(lang, order.shipping) },
      { kind: 'link', href: links.tracking, label: k('track') },
      { kind: 'paragraph', text: k(order.kind === 'replacement' ? 'activateReplacement' : 'activate', { url: links.activation }) },
    ],
  };
}
