/**
 * WeChat Pay API v3 message security, as both ends implement it: the resource of a notification is encrypted
 * with AEAD_AES_256_GCM under the merchant's 32-byte APIv3 key, and every message is signed over
 * "timestamp\nnonce\nbody\n". WeChat Pay signs with its platform certificate (SHA256-RSA); the sandbox signs
 * with HMAC-SHA256 under a secret shared with the merchant, which keeps the same headers and checks without
 * a certificate authority.
 */
import { createCipheriv, createDecipheriv, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_SCHEME = 'WECHATPAY2-HMAC-SHA256';
/** A notification signed longer ago than this is refused, so a captured one cannot be replayed days later. */
export const MAX_SIGNATURE_AGE_S = 5 * 60;

export const newNonce = (): string => randomBytes(16).toString('hex');

export const signMessage = (secret: string, parts: string[]): string =>
  createHmac('sha256', secret).update(parts.map((p) => `${p}\n`).join('')).digest('base64');

export function signatureMatches(secret: string, parts: string[], signature: string): boolean {
  const expected = Buffer.from(signMessage(secret, parts));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export interface EncryptedResource {
  original_type: string;
  algorithm: 'AEAD_AES_256_GCM';
  ciphertext: string;
  associated_data: string;
  nonce: string;
}

export function encryptResource(apiV3Key: string, plaintext: string, associatedData: string, originalType: string): EncryptedResource {
  const nonce = randomBytes(6).toString('hex'); // 12 characters: WeChat Pay's nonce is a 12-byte string
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(apiV3Key), Buffer.from(nonce));
  cipher.setAAD(Buffer.from(associatedData));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return { original_type: originalType, algorithm: 'AEAD_AES_256_GCM', ciphertext: body.toString('base64'), associated_data: associatedData, nonce };
}

/** The plaintext, or null when the ciphertext was altered or was not made with this key. */
export function decryptResource(apiV3Key: string, resource: EncryptedResource): string | null {
  try {
    const data = Buffer.from(resource.ciphertext, 'base64');
    if (data.length <= 16) return null;
    const decipher = createDecipheriv('aes-256-gcm', Buffer.from(apiV3Key), Buffer.from(resource.nonce));
    decipher.setAAD(Buffer.from(resource.associated_data ?? ''));
    decipher.setAuthTag(data.subarray(data.length - 16));
    return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/** The Authorization header a merchant signs its API requests with: method, path with query, time, nonce, body. */
export function requestAuthorization(o: { mchid: string; serialNo: string; secret: string; method: string; pathWithQuery: string; body: string; timestamp: number }): string {
  const nonce = newNonce();
  const signature = signMessage(o.secret, [o.method, o.pathWithQuery, String(o.timestamp), nonce, o.body]);
  return `${SIGNATURE_SCHEME} mchid="${o.mchid}",nonce_str="${nonce}",timestamp="${o.timestamp}",serial_no="${o.serialNo}",signature="${signature}"`;
}

export function parseAuthorization(header: string | undefined): Record<string, string> | null {
  if (!header?.startsWith(`${SIGNATURE_SCHEME} `)) return null;
  const fields: Record<string, string> = {};
  for (const m of header.slice(SIGNATURE_SCHEME.length + 1).matchAll(/(\w+)="([^"]*)"/g)) fields[m[1]!] = m[2]!;
  return fields;
}
