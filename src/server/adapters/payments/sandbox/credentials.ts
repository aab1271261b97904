/**
 * The merchant's credentials with the sandbox providers: the gateway's adapters and the sandbox are started together
 * and share them, exactly as a merchant copies keys from a provider's dashboard. Fresh at each start (newCredentials),
 * or, for gateways sharing a database, derived from their shared secret (sharedCredentials).
 */
import { createHmac, randomBytes, randomInt } from 'node:crypto';

export interface SquareCredentials { applicationId: string; locationId: string; accessToken: string }

export interface WechatCredentials {
  appid: string;
  mchid: string;
  /** The merchant's API key: signs the merchant's requests (WeChat Pay: the merchant's private key). */
  merchantSecret: string;
  merchantSerial: string;
  /** The 32-byte APIv3 key notifications are encrypted with. */
  apiV3Key: string;
  /** Signs WeChat Pay's notifications (WeChat Pay: its platform certificate) and names it in Wechatpay-Serial. */
  platformSecret: string;
  platformSerial: string;
}

export interface SandboxCredentials { square: SquareCredentials; wechat: WechatCredentials }

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const pick = (alphabet: string, n: number) => Array.from({ length: n }, () => alphabet[randomInt(alphabet.length)]).join('');
const hex = (bytes: number) => randomBytes(bytes).toString('hex').toUpperCase();

export function newCredentials(): SandboxCredentials {
  return {
    square: {
      applicationId: `sandbox-sq0idb-${pick(ALNUM, 22)}`,
      locationId: `L${pick('ABCDEFGHJKMNPQRSTVWXYZ0123456789', 12)}`,
      accessToken: `EAAA${pick(ALNUM, 60)}`,
    },
    wechat: {
      appid: `wx${randomBytes(8).toString('hex')}`,
      mchid: String(randomInt(1_600_000_000, 1_699_999_999)),
      merchantSecret: randomBytes(32).toString('base64url'),
      merchantSerial: hex(20),
      apiV3Key: pick(ALNUM, 32),
      platformSecret: randomBytes(32).toString('base64url'),
      platformSerial: hex(20),
    },
  };
}

/**
 * One merchant account for every gateway holding `secret` (CODE_PEPPER, the same on every gateway sharing a database;
 * decision 0014). Each gateway runs its own payment sandbox on the shared sandbox tables: a card tokenized by one
 * sandbox is charged through another gateway, and a WeChat notification signed by one verifies on any. Each key is
 * HMAC-SHA256 of the secret and its own label, so no key tells anything about the secret or about another key.
 */
export function sharedCredentials(secret: string): SandboxCredentials {
  const bytes = (label: string, n: number): Buffer => {
    const blocks: Buffer[] = [];
    for (let i = 0; blocks.length * 32 < n; i++) blocks.push(createHmac('sha256', secret).update(`payment-sandbox:${label}:${i}`).digest());
    return Buffer.concat(blocks).subarray(0, n);
  };
  const chars = (label: string, alphabet: string, n: number) => [...bytes(label, n)].map((b) => alphabet[b % alphabet.length]).join('');
  return {
    square: {
      applicationId: `sandbox-sq0idb-${chars('square.application', ALNUM, 22)}`,
      locationId: `L${chars('square.location', 'ABCDEFGHJKMNPQRSTVWXYZ0123456789', 12)}`,
      accessToken: `EAAA${chars('square.accessToken', ALNUM, 60)}`,
    },
    wechat: {
      appid: `wx${bytes('wechat.appid', 8).toString('hex')}`,
      mchid: String(1_600_000_000 + (bytes('wechat.mchid', 4).readUInt32BE() % 100_000_000)),
      merchantSecret: bytes('wechat.merchantSecret', 32).toString('base64url'),
      merchantSerial: bytes('wechat.merchantSerial', 20).toString('hex').toUpperCase(),
      apiV3Key: chars('wechat.apiV3Key', ALNUM, 32),
      platformSecret: bytes('wechat.platformSecret', 32).toString('base64url'),
      platformSerial: bytes('wechat.platformSerial', 20).toString('hex').toUpperCase(),
    },
  };
}
