/**
 * The merchant's credentials with the sandbox providers, made fresh at each start: the gateway's adapters and the
 * sandbox are started together and share them, exactly as a merchant copies keys from a provider's dashboard.
 */
import { randomBytes, randomInt } from 'node:crypto';

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
