/**
 * Image captcha: 4 characters, token of 32 random bytes, 2 minutes, single use. The database keeps only
 * sha256 of the token and of the lowercased answer; any check spends the captcha, right or wrong.
 */
import { timingSafeEqual } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Deps } from '../context';
import { captchas } from '../db/schema';
import { GatewayError } from '../http/errors';
import { enforce, hit, ipSubject, RULES } from '../limits';
import { captchaSvg, randomAnswer } from './captchaImage';
import { newToken, sha256 } from '../secrets';

export const CAPTCHA_TTL_MS = 2 * 60_000;

/** A new captcha for the client at `ip`, within the per-IP limit on making them. */
export async function createCaptcha(deps: Deps, ip: string): Promise<{ token: string; svg: string }> {
  await enforce(deps.limits, [hit(RULES.captchaIp, ipSubject(ip))]);
  const answer = randomAnswer();
  const token = newToken();
  const now = deps.clock.now();
  const expiresAt = new Date(now.getTime() + CAPTCHA_TTL_MS);
  await deps.db.insert(captchas).values({ tokenHash: sha256(token), answerHash: sha256(answer.toLowerCase()), expiresAt, createdAt: now });
  if (deps.sandboxCaptchas) {
    for (const [key, entry] of deps.sandboxCaptchas) if (entry.expiresAt <= now.getTime()) deps.sandboxCaptchas.delete(key);
    deps.sandboxCaptchas.set(token, { answer, expiresAt: expiresAt.getTime() });
  }
  return { token, svg: captchaSvg(answer) };
}

/** Spends the captcha and throws 'captchaWrong' unless it existed, was unused, unexpired and answered right. */
export async function checkCaptcha(deps: Deps, token: string | undefined, answer: string | undefined): Promise<void> {
  if (!token || !answer) throw new GatewayError('captchaWrong');
  deps.sandboxCaptchas?.delete(token);
  const now = deps.clock.now();
  const [row] = await deps.db.update(captchas).set({ usedAt: now })
    .where(and(eq(captchas.tokenHash, sha256(token)), isNull(captchas.usedAt)))
    .returning({ answerHash: captchas.answerHash, expiresAt: captchas.expiresAt });
  if (!row || row.expiresAt <= now) throw new GatewayError('captchaWrong');
  const given = Buffer.from(sha256(answer.trim().toLowerCase()));
  if (!timingSafeEqual(given, Buffer.from(row.answerHash))) throw new GatewayError('captchaWrong');
}

/** Headers the spec names for the captcha: IMAGE-CODE (the answer) and X-IMAGE-CODE-TOKEN. */
export const captchaFromHeaders = (header: (name: string) => string | undefined) => ({
  answer: header('image-code'),
  token: header('x-image-code-token'),
});
