/**
 * Password hashing: scrypt at the OWASP Password Storage parameters (N=2^17, r=8, p=1), 16-byte salt,
 * 64-byte key, encoded 'scrypt$N$r$p$salt$hash' (base64url) so parameters can be raised later.
 */
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** OWASP's cost: 2^17 (128 MiB, about half a second on one core here). */
export const PRODUCTION_LOG2N = 17;

/**
 * The cost new hashes are made with. Tests (NODE_ENV=test only) may lower it with TEST_SCRYPT_LOG2N (10 to 16): every
 * registration and login of the suites then costs milliseconds instead of a second of a shared core. Anywhere else the
 * variable is ignored, so no deployment can weaken its hashes by it. A stored hash names its own cost, so either
 * verifies.
 */
export function scryptLog2N(env: Record<string, string | undefined> = process.env): number {
  const wanted = Number(env.TEST_SCRYPT_LOG2N);
  return env.NODE_ENV === 'test' && Number.isInteger(wanted) && wanted >= 10 && wanted < PRODUCTION_LOG2N ? wanted : PRODUCTION_LOG2N;
}

export const SCRYPT = { N: 2 ** scryptLog2N(), r: 8, p: 1, saltBytes: 16, keyBytes: 64, maxmem: 256 * 1024 * 1024 } as const;

const scrypt = (password: string, salt: Buffer, keyLen: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCb(password.normalize('NFKC'), salt, keyLen, options, (err, key) => (err ? reject(err) : resolve(key))));

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SCRYPT.saltBytes);
  const key = await scrypt(password, salt, SCRYPT.keyBytes, { N: SCRYPT.N, r: SCRYPT.r, p: SCRYPT.p, maxmem: SCRYPT.maxmem });
  return ['scrypt', SCRYPT.N, SCRYPT.r, SCRYPT.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, encoded: string): Promise<boolean> {
  const [alg, n, r, p, salt, hash] = encoded.split('$');
  if (alg !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await scrypt(password, Buffer.from(salt, 'base64url'), expected.length, {
    N: Number(n), r: Number(r), p: Number(p), maxmem: SCRYPT.maxmem,
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

let dummy: Promise<string> | null = null;
/** Verifies against a throw-away hash so an unknown user takes as long as a wrong password. */
export async function burnPasswordCheck(password: string): Promise<false> {
  dummy ??= hashPassword(randomBytes(12).toString('base64url'));
  await verifyPassword(password, await dummy);
  return false;
}

/** The password against the account's hash; without one (no such account, or none set), one scrypt all the same. */
export const checkPassword = (password: string, encoded: string | null): Promise<boolean> =>
  encoded ? verifyPassword(password, encoded) : burnPasswordCheck(password);
