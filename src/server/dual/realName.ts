/**
 * The real-name document number, encrypted at rest like the photos (AES-256-GCM, a key of its own purpose derived from
 * the server's pepper, bound to its application): the list views show its last characters only, and staff read it in
 * full on the application's page, a view that is logged.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const keys = new Map<string, Buffer>();
const keyFor = (pepper: string) => {
  let key = keys.get(pepper);
  if (!key) keys.set(pepper, (key = Buffer.from(hkdfSync('sha256', pepper, 'real-name-id-number', 'aes-256-gcm v1', 32))));
  return key;
};
const aad = (applicationId: number) => Buffer.from(`real-name:${applicationId}:idNumber`);

export function encryptIdNumber(pepper: string, applicationId: number, clear: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFor(pepper), iv);
  cipher.setAAD(aad(applicationId));
  const data = Buffer.concat([cipher.update(clear, 'utf8'), cipher.final()]);
  return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join('.');
}

export function decryptIdNumber(pepper: string, applicationId: number, stored: string): string {
  const [version, iv, tag, data] = stored.split('.');
  if (version !== VERSION || !iv || !tag || data === undefined) throw new Error('real-name id number: unknown ciphertext format');
  const decipher = createDecipheriv('aes-256-gcm', keyFor(pepper), Buffer.from(iv, 'base64url'));
  decipher.setAAD(aad(applicationId));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}
