/**
 * The host name a page was loaded from (the request's Host header, its port dropped), when it is one: letters,
 * digits, dots and hyphens (a DNS name or an IPv4 address), or an IPv6 address (answered in brackets). Anything
 * else (a forged header) is null, so it never reaches a URL or a header the gateway writes.
 */
const DNS_NAME = /^[A-Za-z0-9-]{1,63}(?:\.[A-Za-z0-9-]{1,63})*$/;
const IPV6 = /^\[[0-9A-Fa-f:.]+\]$/;

export function pageHostname(value: string | undefined | null): string | null {
  let host = value?.trim() ?? '';
  // A Host header carries its port; an IPv6 address carries colons of its own.
  if (/^[^:[\]]+:\d+$/.test(host) || /^\[.*\]:\d+$/.test(host)) host = host.slice(0, host.lastIndexOf(':'));
  if (host.includes(':') && /^[0-9A-Fa-f:.]+$/.test(host)) host = `[${host}]`;
  if (!host || host.length > 253) return null;
  return DNS_NAME.test(host) || IPV6.test(host) ? host : null;
}
