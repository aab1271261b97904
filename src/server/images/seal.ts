/**
 * ID photos encrypted at rest, as the port-in secrets are (activation/portInSecrets.ts): AES-256-GCM under a key
 * derived by HKDF-SHA256 from a server secret (the code pepper every gateway instance shares, decision 0007), with its
 * own info label so the key serves nothing else. The additional data binds a blob to its owner and record
 * (`dual-image:<id>`): a blob copied onto another row does not open. Photos are bytes, not text columns, so the
 * layout is binary: version (1 byte), IV (12), GCM tag (16), ciphertext.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const HEADER_BYTES = 1 + IV_BYTES + TAG_BYTES;
const KEY_INFO = 'linkbridge/id-images/v1';

/** The 32-byte key for ID photos. No salt: the secret is already random, HKDF only separates this key from others. */
export function imageKeyFrom(secret: string): Buffer {
  if (!secret) throw new Error('id images: empty secret');
  return Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), KEY_INFO, 32));
}

/** An empty binding would let a blob open on any row: refused as the bug it is. */
function bindingOf(aad: string): Buffer {
  if (!aad) throw new Error('id images: empty additional data');
  return Buffer.from(aad, 'utf8');
}

export function sealImage(key: Buffer, plain: Buffer, aad: string): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(bindingOf(aad));
  const data = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([Buffer.from([VERSION]), iv, cipher.getAuthTag(), data]);
}

/** Throws on another version, a wrong key or binding, and any changed byte (GCM checks the tag in final()). */
export function openImage(key: Buffer, sealed: Buffer, aad: string): Buffer {
  if (sealed.length < HEADER_BYTES || sealed[0] !== VERSION) throw new Error('id images: unknown ciphertext format');
  const iv = sealed.subarray(1, 1 + IV_BYTES);
  const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
  decipher.setAAD(bindingOf(aad));
  decipher.setAuthTag(sealed.subarray(1 + IV_BYTES, HEADER_BYTES));
  return Buffer.concat([decipher.update(sealed.subarray(HEADER_BYTES)), decipher.final()]);
}
