/**
 * The port-in's carrier account number and PIN, encrypted at rest (issue 4: "encrypted at rest and never logged").
 * AES-256-GCM with a key derived by HKDF-SHA256 from the server's code pepper (the secret every gateway instance
 * already shares, decision 0007), under its own info label so the key is used for nothing else. The additional
 * data binds each ciphertext to its activation and field: a PIN copied onto another row, or into the account
 * number's column, does not decrypt. Stored as `v1.<iv>.<tag>.<ciphertext>` (base64url).
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { Deps } from '../context';
import type { portIns } from '../db/schema';

type PortInRow = typeof portIns.$inferSelect;
type SecretField = 'accountNumber' | 'pin';

const VERSION = 'v1';
const keys = new Map<string, Buffer>();

function keyFor(pepper: string): Buffer {
  let key = keys.get(pepper);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', pepper, 'port-in-secrets', 'aes-256-gcm v1', 32));
    keys.set(pepper, key);
  }
  return key;
}

const aad = (activationId: number, field: SecretField) => Buffer.from(`port-in:${activationId}:${field}`);

export function encryptPortInSecret(pepper: string, activationId: number, field: SecretField, clear: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFor(pepper), iv);
  cipher.setAAD(aad(activationId, field));
  const data = Buffer.concat([cipher.update(clear, 'utf8'), cipher.final()]);
  return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join('.');
}

export function decryptPortInSecret(pepper: string, activationId: number, field: SecretField, stored: string): string {
  const [version, iv, tag, data] = stored.split('.');
  if (version !== VERSION || !iv || !tag || data === undefined) throw new Error(`port-in ${field}: unknown ciphertext format`);
  const decipher = createDecipheriv('aes-256-gcm', keyFor(pepper), Buffer.from(iv, 'base64url'));
  decipher.setAAD(aad(activationId, field));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}

/** The ciphertext columns of a port_ins row for these secrets; a secret left out (a correction keeping it) sets nothing. */
export function encryptPortInSecrets(pepper: string, activationId: number, secrets: { accountNumber: string; pin: string }): { accountNumberCipher: string; pinCipher: string; accountNumberHint: string };
export function encryptPortInSecrets(pepper: string, activationId: number, secrets: { accountNumber?: string; pin?: string }): { accountNumberCipher?: string; pinCipher?: string; accountNumberHint?: string };
export function encryptPortInSecrets(pepper: string, activationId: number, secrets: { accountNumber?: string; pin?: string }) {
  return {
    ...(secrets.accountNumber ? {
      accountNumberCipher: encryptPortInSecret(pepper, activationId, 'accountNumber', secrets.accountNumber),
      accountNumberHint: secrets.accountNumber.slice(-2),
    } : {}),
    ...(secrets.pin ? { pinCipher: encryptPortInSecret(pepper, activationId, 'pin', secrets.pin) } : {}),
  };
}

/** For the job that talks to the losing carrier: the only place the secrets are read back in clear. */
export function decryptPortInSecrets(
  deps: Pick<Deps, 'config'>, row: Pick<PortInRow, 'activationId' | 'accountNumberCipher' | 'pinCipher'>,
): { accountNumber: string; pin: string } {
  const pepper = deps.config.codePepper;
  return {
    accountNumber: decryptPortInSecret(pepper, row.activationId, 'accountNumber', row.accountNumberCipher),
    pin: decryptPortInSecret(pepper, row.activationId, 'pin', row.pinCipher),
  };
}
