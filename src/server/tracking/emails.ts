/** The email carrying a /tracking verification code, in the language of the page that asked for it. */
import type { Language } from '../../../i18n/languages';
import { t } from '../i18n';
import type { Email } from '../messages';

export function trackingCodeEmail(lang: Language, orderNo: string, code: string, minutes: number): Email {
  const k = (key: string, vars?: Record<string, string | number>) => t(lang, `messages:email.trackingCode.${key}`, vars);
  return {
    subject: k('subject', { orderNo }),
    greetingName: k('customer'),
    blocks: [
      { kind: 'paragraph', text: k('intro', { orderNo }) },
      { kind: 'code', text: code },
      { kind: 'paragraph', text: k('expiry', { minutes }) },
      { kind: 'paragraph', text: k('notYou') },
    ],
  };
}
