/**
 * Changing the password: "Reset by old password or SMS code" (spec section 5). Whichever way, the change ends every
 * other session of the account and tells the customer by email (by SMS to the account's phone when it has no email),
 * so a change they did not make does not go unnoticed.
 */
import { eq } from 'drizzle-orm';
import type { Language } from '../../../i18n/languages';
import { maskPhone } from '../../domain/phone';
import type { Deps } from '../context';
import { customers } from '../db/schema';
import { GatewayError } from '../http/errors';
import { revokeCustomerSessions } from '../http/sessions';
import { t } from '../i18n';
import { dateTime, renderEmail } from '../messages';
import { sendCode, spendCode } from './codes';
import { setPassword } from './customers';
import { clearLoginFailures, loginSubject } from './loginThrottle';
import { hashPassword } from './passwords';

export type PasswordChangeWay = 'oldPassword' | 'smsCode' | 'reset';

/** Says that the password changed and every other session ended. Never fails the change it reports. */
export async function notifyPasswordChanged(deps: Deps, customerId: number, way: PasswordChangeWay, lang: Language): Promise<void> {
  const [c] = await deps.db.select().from(customers).where(eq(customers.id, customerId));
  if (!c) return;
  const now = deps.clock.now();
  const meta = { lang, kind: 'passwordChanged', way, idempotencyKey: `passwordChanged:${customerId}:${now.getTime()}` };
  try {
    if (c.email) {
      const k = (key: string, vars?: Record<string, string | number>) => t(lang, `messages:email.passwordChanged.${key}`, vars);
      const rendered = renderEmail(lang, {
        subject: k('subject'),
        greetingName: c.firstNameEn ?? k('customer'),
        blocks: [
          { kind: 'paragraph', text: k('intro', { time: dateTime(lang, now), username: c.username }) },
          { kind: 'paragraph', text: k('sessions') },
          { kind: 'paragraph', text: k('notYou') },
        ],
      }, c.email);
      await deps.messages.sendEmail(c.email, rendered.subject, rendered.text, rendered.html, meta);
    } else if (c.phone) {
      await deps.messages.sendSms(c.phone, t(lang, 'messages:sms.passwordChanged'), meta);
    }
  } catch (error) {
    deps.log?.error({ err: error, customerId }, 'the password-change notice could not be sent');
  }
}

/** Sets the new password, ends every session but `keepSessionId`, lifts the login lockout, and says so. */
export async function applyNewPassword(deps: Deps, input: {
  customerId: number; username: string; password: string; keepSessionId?: number; way: PasswordChangeWay; lang: Language;
}): Promise<void> {
  await setPassword(deps, input.customerId, await hashPassword(input.password));
  await revokeCustomerSessions(deps, input.customerId, input.keepSessionId);
  if (input.way !== 'oldPassword') await clearLoginFailures(deps, loginSubject({ id: input.customerId }, input.username));
  await notifyPasswordChanged(deps, input.customerId, input.way, input.lang);
}

async function phoneOf(deps: Deps, customerId: number) {
  const [c] = await deps.db.select({ phone: customers.phone, username: customers.username }).from(customers).where(eq(customers.id, customerId));
  if (!c) throw new GatewayError('unauthorized');
  if (!c.phone) throw new GatewayError('accountNoPhone');
  return { phone: c.phone, username: c.username };
}

/** Texts a reset code to the account's own phone, within the SMS send limits. */
export async function sendPasswordCode(deps: Deps, customerId: number, ip: string, lang: Language) {
  const { phone } = await phoneOf(deps, customerId);
  const sent = await sendCode(deps, { phone, purpose: 'reset', ip, lang });
  return { ...sent, phoneMasked: maskPhone(phone) };
}

/** Spends the code texted to the account's phone and sets the new password; this session stays logged in. */
export async function resetPasswordBySms(deps: Deps, input: { customerId: number; sessionId: number; code: string; password: string; lang: Language }) {
  const { phone, username } = await phoneOf(deps, input.customerId);
  await spendCode(deps, { phone, purpose: 'reset', code: input.code });
  await applyNewPassword(deps, { customerId: input.customerId, username, password: input.password, keepSessionId: input.sessionId, way: 'smsCode', lang: input.lang });
}
