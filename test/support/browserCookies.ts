/**
 * The browser's cookie handling for screen tests, whose fetch is Node's (jsdom makes no requests): answers' Set-Cookie
 * lines are kept (HttpOnly ones where no script of the page can read them, the others in document.cookie), and sent
 * back as the Cookie header, as a browser on the storefront's origin does with the gateway's session (decision 0013).
 * Only the page's own calls take part (the app's client sends the CHANNEL header on every one); a test's own requests
 * through the same fetch (another tab, a look at the gateway) stay as they were made.
 */
import { CHANNEL_HEADER, SESSION_HINT_COOKIE } from '../../src/contract/auth';
import { sessionStarted } from '../../src/app/session';

const httpOnly = new Map<string, string>();

function keep(line: string) {
  const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
  const eq = pair.indexOf('=');
  const name = pair.slice(0, eq);
  const value = pair.slice(eq + 1);
  const lower = attributes.map((a) => a.toLowerCase());
  const ended = lower.some((a) => a === 'max-age=0') || value === '';
  if (lower.includes('httponly')) {
    if (ended) httpOnly.delete(name);
    else httpOnly.set(name, value);
  } else {
    document.cookie = ended ? `${name}=; path=/; max-age=0` : `${name}=${value}; path=/`;
  }
}

export function withBrowserCookies(next: typeof fetch): typeof fetch {
  return async (input, init) => {
    const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
    if (!headers.has(CHANNEL_HEADER)) return next(input, init);
    const cookies = [...httpOnly].map(([name, value]) => `${name}=${value}`);
    if (document.cookie) cookies.push(document.cookie);
    if (cookies.length) headers.set('cookie', cookies.join('; '));
    const res = await next(input, { ...init, headers });
    for (const line of res.headers.getSetCookie()) keep(line);
    return res;
  };
}

/** The token cookie as the gateway set it: what a script of the page can never read. */
export const httpOnlyCookie = (name: string): string | undefined => httpOnly.get(name);

/** Forgets every cookie (between paths). */
export function clearBrowserCookies() {
  httpOnly.clear();
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; path=/; max-age=0`;
  }
}

/** For view tests without a gateway: the page as it is after a login (the readable marker the gateway sets). */
export function markLoggedIn(key = 'test-session') {
  document.cookie = `${SESSION_HINT_COOKIE}=${key}; path=/`;
  sessionStarted();
}
