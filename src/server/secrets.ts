/** Random tokens and their stored digests. Tokens are never stored; only sha256 or a peppered HMAC is. */
import { createHash, createHmac, randomBytes, randomInt } from 'node:crypto';

export const newToken = (): string => randomBytes(32).toString('base64url');
export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');
export const hmac = (pepper: string, value: string): string => createHmac('sha256', pepper).update(value).digest('hex');

/** 6 digits from the CSPRNG, leading zeros kept. */
export const sixDigitCode = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0');
