/**
 * The cost of new password hashes: OWASP's N=2^17 wherever the product runs; only a test run (NODE_ENV=test) may lower
 * it through TEST_SCRYPT_LOG2N, and only within 2^10 to 2^16, so no deployment weakens its hashes by setting it.
 */
import { describe, expect, it } from 'vitest';
import { PRODUCTION_LOG2N, scryptLog2N, verifyPassword } from '../../src/server/accounts/passwords';

describe('password hash cost', () => {
  it('is 2^17 in production, in development and without the variable', () => {
    expect(PRODUCTION_LOG2N).toBe(17);
    expect(scryptLog2N({})).toBe(17);
    expect(scryptLog2N({ NODE_ENV: 'production', TEST_SCRYPT_LOG2N: '10' })).toBe(17);
    expect(scryptLog2N({ TEST_SCRYPT_LOG2N: '10' })).toBe(17);
    expect(scryptLog2N({ NODE_ENV: 'development', TEST_SCRYPT_LOG2N: '12' })).toBe(17);
  });

  it('is lowered in a test run only within 2^10 to 2^16; anything else keeps 2^17', () => {
    expect(scryptLog2N({ NODE_ENV: 'test', TEST_SCRYPT_LOG2N: '14' })).toBe(14);
    for (const bad of ['9', '17', '20', '14.5', 'x', '']) expect(scryptLog2N({ NODE_ENV: 'test', TEST_SCRYPT_LOG2N: bad }), bad).toBe(17);
  });

  it('verifies a hash by the cost written in it, whatever the cost of new hashes', async () => {
    // "password" hashed with N=2^10, r=8, p=1 and a salt of 16 zero bytes.
    const { scryptSync } = await import('node:crypto');
    const key = scryptSync('password', Buffer.alloc(16), 64, { N: 1024, r: 8, p: 1 });
    const encoded = ['scrypt', 1024, 8, 1, Buffer.alloc(16).toString('base64url'), key.toString('base64url')].join('$');
    expect(await verifyPassword('password', encoded)).toBe(true);
    expect(await verifyPassword('Password', encoded)).toBe(false);
  });
});
