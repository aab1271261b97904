/**
 * The footer email box (spec section 3 email capture: email, collectType '1', channel 'pc').
 * Spec section 5: required ('Please fill email!'); basic pattern ('Please complete the correct format email!').
 * The rule is the contract's email field; its two problems map to the footer's own words in `layout`.
 */
import { call } from '../../api/client';
import { offerLocking, offerLockingBody } from '../../contract/common';

export type EmailProblem = 'required' | 'invalid';

export function validateFooterEmail(email: string): EmailProblem | null {
  const parsed = offerLockingBody.shape.email.safeParse(email);
  if (parsed.success) return null;
  return parsed.error.issues.some((i) => i.message === 'validation:email.required') ? 'required' : 'invalid';
}

/** Sends the email; a duplicate is not an error. Errors are shown by the client's catalogue (toast). */
export async function submitFooterEmail(email: string): Promise<boolean> {
  try {
    await call(offerLocking, { body: { email: email.trim(), collectType: '1', channel: 'pc' } });
    return true;
  } catch {
    return false;
  }
}
