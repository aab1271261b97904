/**
 * Where the browser finds the sandbox: the host the page itself was loaded from, at the sandbox's port. A page
 * on http://localhost:8080 gets http://localhost:8081, one on http://192.168.1.20:8080 gets
 * http://192.168.1.20:8081. A hostname that is not one (a forged Host header) falls back to the default.
 */
import { pageHostname } from '../../../http/hostname';

export function browserOrigin(hostname: string | undefined, port: number, fallbackHost: string): string {
  const host = pageHostname(hostname) ?? pageHostname(fallbackHost) ?? 'localhost';
  return `http://${host}:${port}`;
}
