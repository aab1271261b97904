/**
 * The confirmation emails of issue 18 ("the sender gets a confirmation email in their language"): what was received,
 * the reference to quote, and when to expect an answer (the footer every email has says how to reach customer service meanwhile). Written in the
 * language of the page the form was sent from.
 */
import type { Language } from '../../../i18n/languages';
import { t } from '../i18n';
import type { Email } from '../messages';
import { fullName } from './names';

const k = (lang: Language, key: string, vars?: Record<string, string | number>) => t(lang, `company:email.${key}`, vars);

export function contactReceivedEmail(lang: Language, m: { name: string; reference: string; topic: string; message: string }): Email {
  return {
    subject: k(lang, 'contact.subject', { reference: m.reference }),
    greetingName: m.name,
    footerKey: 'company:email.footer',
    blocks: [
      { kind: 'paragraph', text: k(lang, 'contact.intro') },
      { kind: 'rows', rows: [[k(lang, 'reference'), m.reference], [k(lang, 'contact.topic'), t(lang, `company:contact.topics.${m.topic}`)]] },
      { kind: 'paragraph', text: k(lang, 'contact.yourMessage') },
      { kind: 'lines', lines: m.message.split(/\r?\n/) },
      { kind: 'paragraph', text: k(lang, 'contact.when') },
    ],
  };
}

export function dealerReceivedEmail(lang: Language, a: { firstName: string; lastName: string; reference: string; storeName: string; city: string }): Email {
  return {
    subject: k(lang, 'dealer.subject', { reference: a.reference }),
    greetingName: fullName(a.firstName, a.lastName),
    footerKey: 'company:email.footer',
    blocks: [
      { kind: 'paragraph', text: k(lang, 'dealer.intro') },
      { kind: 'rows', rows: [[k(lang, 'reference'), a.reference], [k(lang, 'dealer.store'), `${a.storeName}, ${a.city}`]] },
      { kind: 'paragraph', text: k(lang, 'dealer.next') },
    ],
  };
}
