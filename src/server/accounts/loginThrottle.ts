/**
 * Password checks (login and modifyPwd): 5 per account in 15 minutes, the fifth locking the account for 15 minutes,
 * and 30 failed from one IP; then 429 'loginThrottled'. A check is taken before the password is compared, in one
 * atomic step with its counting (src/server/limits), so parallel guesses compare at most what is left; a right
 * password clears the account's count and gives the IP its hit back.
 */
import type { Deps } from '../context';
import { enforce, hit, ipSubject, RULES, type Hit } from '../limits';
import { loginIdentity } from './customers';

/**
 * What the account limit counts against: the account when the name matches one (any spelling of its phone, or its
 * username), else the name as the login reads it, so a name without an account is limited exactly like one with.
 */
export const loginSubject = (customer: { id: number } | null, login: string): string =>
  customer ? `customer:${customer.id}` : loginIdentity(login);

const accountHit = (subject: string): Hit => hit(RULES.loginAccount, subject);
const ipHit = (ip: string): Hit => hit(RULES.loginIp, ipSubject(ip));

/** Takes one password check of the account and of the IP, or throws 429 'loginThrottled'. */
export async function takePasswordCheck(deps: Deps, subject: string, ip: string): Promise<void> {
  await enforce(deps.limits, [accountHit(subject), ipHit(ip)], { code: 'loginThrottled' });
}

/** A right password: the account's count starts again, and the check does not count as the IP's failure. */
export async function passwordCheckPassed(deps: Deps, subject: string, ip: string): Promise<void> {
  await deps.limits.clear([accountHit(subject)]);
  await deps.limits.refund([ipHit(ip)]);
}

export async function clearLoginFailures(deps: Deps, subject: string): Promise<void> {
  await deps.limits.clear([accountHit(subject)]);
}
