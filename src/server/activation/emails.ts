/**
 * The activation emails of issue 4, in the language the customer activated in (activations.lang): the line is active,
 * the port completed, the port needs information (what to correct, the losing carrier's words as it gave them, a link
 * to correct in place) and the port was declined. The port-in account number and PIN never appear in them.
 */
import type { Language } from '../../../i18n/languages';
import { isLanguage } from '../../../i18n/languages';
import { formatPhone } from '../../domain/phone';
import type { activations, portIns } from '../db/schema';
import { t } from '../i18n';
import { dateTime, type Block, type Email } from '../messages';

type ActivationRow = typeof activations.$inferSelect;
type PortInRow = typeof portIns.$inferSelect;

export const activationLanguage = (a: Pick<ActivationRow, 'lang'>): Language => (isLanguage(a.lang) ? a.lang : 'en');

export interface ActivationLinks {
  /** Where the customer sees the line and corrects a port-in: /personal (sign-in). */
  account: string;
}

const k = (lang: Language, key: string, vars?: Record<string, string | number>) => t(lang, `messages:email.activation.${key}`, vars);

const e911Line = (e: NonNullable<ActivationRow['e911']>) => [e.address1, e.address2, e.city, `${e.state} ${e.zip}`].filter(Boolean).join(', ');

export function activatedEmail(a: ActivationRow, greetingName: string, links: ActivationLinks, portIn: PortInRow | null): Email {
  const lang = activationLanguage(a);
  const rows: [string, string][] = [
    [k(lang, 'rows.number'), a.numberKind === 'new' && a.msisdn ? formatPhone(a.msisdn) : a.numberKind === 'none' ? k(lang, 'rows.globalNumber') : '—'],
    [k(lang, 'rows.iccid'), a.iccid],
    [k(lang, 'rows.simType'), t(lang, `messages:email.simType.${a.simType}`)],
    [k(lang, 'rows.activatedAt'), dateTime(lang, a.activatedAt ?? a.submittedAt)],
  ];
  if (a.numberKind === 'port') rows.splice(0, 1, [k(lang, 'rows.number'), formatPhone(portIn?.msisdn ?? a.msisdn ?? '')]);
  const blocks: Block[] = [
    { kind: 'paragraph', text: k(lang, 'activated.intro') },
    { kind: 'rows', rows },
  ];
  if (a.numberKind === 'new' && a.msisdn) blocks.push({ kind: 'paragraph', text: k(lang, 'activated.newNumber', { number: formatPhone(a.msisdn) }) });
  if (a.numberKind === 'port' && portIn) blocks.push({ kind: 'paragraph', text: k(lang, 'activated.port', { number: formatPhone(portIn.msisdn), carrier: portIn.carrier }) });
  if (a.numberKind === 'none') blocks.push({ kind: 'paragraph', text: k(lang, 'activated.global') });
  if (a.simType === 'esim') blocks.push({ kind: 'paragraph', text: k(lang, 'activated.esim') });
  if (a.wifiCalling && a.e911) blocks.push({ kind: 'paragraph', text: k(lang, 'activated.wifiCalling', { address: e911Line(a.e911) }) });
  blocks.push({ kind: 'link', href: links.account, label: k(lang, 'account') });
  return { subject: k(lang, 'activated.subject'), greetingName, blocks };
}

export function portCompletedEmail(a: ActivationRow, greetingName: string, links: ActivationLinks, portIn: PortInRow): Email {
  const lang = activationLanguage(a);
  const vars = { number: formatPhone(portIn.msisdn), carrier: portIn.carrier };
  return {
    subject: k(lang, 'portCompleted.subject', vars),
    greetingName,
    blocks: [
      { kind: 'paragraph', text: k(lang, 'portCompleted.intro', vars) },
      { kind: 'rows', rows: [[k(lang, 'rows.number'), vars.number], [k(lang, 'rows.iccid'), a.iccid]] },
      { kind: 'paragraph', text: k(lang, 'portCompleted.next', vars) },
      { kind: 'link', href: links.account, label: k(lang, 'account') },
    ],
  };
}

/** "the reason shown as the carrier gives it": the carrier's message verbatim, then what to correct and where. */
export function portInformationRequiredEmail(a: ActivationRow, greetingName: string, links: ActivationLinks, portIn: PortInRow): Email {
  const lang = activationLanguage(a);
  const vars = { number: formatPhone(portIn.msisdn), carrier: portIn.carrier };
  const reason = portIn.reason && portIn.reason !== 'notPortable' ? portIn.reason : 'nameMismatch';
  return {
    subject: k(lang, 'portInformationRequired.subject', vars),
    greetingName,
    blocks: [
      { kind: 'paragraph', text: k(lang, 'portInformationRequired.intro', vars) },
      { kind: 'code', text: portIn.carrierMessage ?? '' },
      { kind: 'paragraph', text: k(lang, 'portInformationRequired.fix', { what: k(lang, `portInformationRequired.what.${reason}`, vars) }) },
      { kind: 'rows', rows: [[k(lang, 'rows.number'), vars.number], [k(lang, 'rows.carrier'), portIn.carrier], [k(lang, 'rows.iccid'), a.iccid]] },
      { kind: 'paragraph', text: k(lang, 'portInformationRequired.how') },
      { kind: 'link', href: links.account, label: k(lang, 'portInformationRequired.button') },
    ],
  };
}

export function portDeclinedEmail(a: ActivationRow, greetingName: string, links: ActivationLinks, portIn: PortInRow): Email {
  const lang = activationLanguage(a);
  const vars = { number: formatPhone(portIn.msisdn), carrier: portIn.carrier };
  return {
    subject: k(lang, 'portDeclined.subject', vars),
    greetingName,
    blocks: [
      { kind: 'paragraph', text: k(lang, 'portDeclined.intro', vars) },
      { kind: 'code', text: portIn.carrierMessage ?? '' },
      { kind: 'paragraph', text: k(lang, 'portDeclined.next', vars) },
      { kind: 'link', href: links.account, label: k(lang, 'account') },
    ],
  };
}
