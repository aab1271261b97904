/**
 * The secret mixed into stored code digests (SMS, tracking, SIM activation codes) and order tokens. With the embedded
 * database it lives beside the data, so codes issued before a restart still verify after it.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export function embeddedPepper(dataDir: string): string {
  const file = join(resolve(dataDir), 'code-pepper');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(resolve(dataDir), { recursive: true });
  const pepper = randomBytes(32).toString('base64url');
  writeFileSync(file, pepper, { mode: 0o600 });
  return pepper;
}
