/**
 * Where the browser finds the sandbox: the host the page itself was loaded from, at the sandbox's port. A page
 * on http://localhost:8080 gets http://localhost:8081, one on http://192.168.1.20:8080 gets
 * http://192.168.1.20:8081. A hostname that is not one (a forged Host header) falls back to the default.
 */
const HOSTNAME = /^(?:[A-Za-z0-9-]{1,63}(?:\.[A-Za-z0-9-]{1,63})*|\[[0-9A-Fa-f:.]+\]|[0-9A-Fa-f:.]+)$/;

export function browserOrigin(hostname: string | undefined, port: number, fallbackHost: string): string {
  let host = hostname?.trim() ?? '';
  // A Host header value carries its port; an IPv6 address carries colons of its own.
  if (/^[^:[\]]+:\d+$/.test(host)) host = host.slice(0, host.lastIndexOf(':'));
  if (/^\[.*\]:\d+$/.test(host)) host = host.slice(0, host.lastIndexOf(':'));
  if (!host || host.length > 253 || !HOSTNAME.test(host)) host = fallbackHost;
  if (host.includes(':') && !host.startsWith('[')) host = `[${host}]`;
  return `http://${host}:${port}`;
}
