/**
 * The email carrying a /tracking verification code, in the language of the page that asked for it, greeting the buyer
 * by the order's name as the order's other emails do (the words for "customer" only when the order has no name).
 */
import type { Language } from '../../../i18n/languages';
import { t } from '../i18n';
import type { Email } from '../messages';

export function trackingCodeEmail(lang: Language, orderNo: string, code: string, minutes: number, name: string): Email {
  const k = (key: string, vars?: Record<string, string | number>) => t(lang, `messages:email.trackingCode.${key}`, vars);
  return {
    subject: k('subject', { orderNo }),
    greetingName: name.trim() || k('customer'),
    blocks: [
      { kind: 'paragraph', text: k('intro', { orderNo }) },
      { kind: 'code', text: code },
      { kind: 'paragraph', text: k('expiry', { minutes }) },
      { kind: 'paragraph', text: k('notYou') },
    ],
  };
}
