/**
 * The eSIM email, one per SIM (issue 3, section 4): the QR code whose text is the GSMA activation code
 * `LPA:1$<SM-DP+ address>$<matching id>`, the same code as text for phones where it is typed, the ICCID and the
 * 6-digit activation code for /activation, how long the QR is valid (spec section 9: "eSIM QR 30 days"), how to
 * install it, and spec section 5: "A CN-made phone cannot use eSIM".
 */
import { activationCodeText } from '../adapters/smdp';
import { t } from '../i18n';
import { dateOnly, type Email } from '../messages';
import { greetingName, orderLanguage, type OrderLinks } from './emails';
import type { orders } from '../db/schema';

type OrderRow = typeof orders.$inferSelect;

export interface EsimForEmail {
  iccid: string;
  activationCode: string;
  smdpAddress: string;
  matchingId: string;
  qrExpiresAt: Date;
  /** 1-based position among the order's SIMs. */
  index: number;
}

/** A PNG data URL: the HTML part carries the image itself, so it shows without fetching anything. */
export const qrPngDataUrl = async (text: string): Promise<string> => {
  // Loaded when first needed: not at start (decision 0024).
  const { default: QRCode } = await import('qrcode');
  return QRCode.toDataURL(text, { errorCorrectionLevel: 'M', margin: 2, width: 240, type: 'image/png' });
};

export async function esimEmail(order: OrderRow, links: OrderLinks, esim: EsimForEmail): Promise<Email> {
  const lang = orderLanguage(order);
  const k = (key: string, vars?: Record<string, string | number>) => t(lang, `messages:email.esim.${key}`, vars);
  const lpa = activationCodeText(esim);
  return {
    subject: k('subject', { orderNo: order.orderNo, index: esim.index, count: order.simCount }),
    greetingName: greetingName(lang, order.shipping),
    blocks: [
      { kind: 'paragraph', text: k('intro') },
      { kind: 'paragraph', text: k('chinaPhone') },
      { kind: 'image', src: await qrPngDataUrl(lpa), alt: k('qrAlt', { iccid: esim.iccid }) },
      { kind: 'paragraph', text: k('validUntil', { date: dateOnly(lang, esim.qrExpiresAt) }) },
      { kind: 'heading', text: k('stepsTitle') },
      { kind: 'steps', items: [k('steps.wifi'), k('steps.iphone'), k('steps.android'), k('steps.keep')] },
      { kind: 'heading', text: k('manualTitle') },
      { kind: 'paragraph', text: k('manualAndroid') },
      { kind: 'code', text: lpa },
      { kind: 'paragraph', text: k('manualIphone') },
      { kind: 'rows', rows: [[k('smdpAddress'), esim.smdpAddress], [k('matchingId'), esim.matchingId]] },
      { kind: 'heading', text: k('activateTitle') },
      { kind: 'paragraph', text: k('activateText') },
      { kind: 'rows', rows: [[k('iccid'), esim.iccid], [k('activationCode'), esim.activationCode]] },
      // The link opens step 1 with this eSIM's ICCID typed in; the code stays in the email for the customer to type.
      { kind: 'link', href: `${links.activation}?iccid=${esim.iccid}`, label: k('activateLink') },
    ],
  };
}
