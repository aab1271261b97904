/**
 * The login session (decision 0013): the gateway keeps the token in the HttpOnly cookie the spec names for an admin
 * token ('Admin-Token'), which no script here can read; the `Logged-In` cookie beside it says a session is open (so the
 * first render knows, without a flash) and its value keys this session's caches. personalData lives in the wrapped
 * storage (spec section 3). The browser sends the cookie by itself; this file never writes it.
 */
import { useSyncExternalStore } from 'react';
import { ApiError, call } from '../api/client';
import { SESSION_HINT_COOKIE } from '../contract/sessionCookies';
import type { UserInfo } from '../contract/personal';
import { getItem, removeItem, setItem, subscribeStorage, type PersonalData } from '../storage';

export type { PersonalData };

const listeners = new Set<() => void>();
let snapshot: { loggedIn: boolean; personal: PersonalData | null } | null = null;
const notify = () => {
  snapshot = null;
  for (const l of listeners) l();
};
subscribeStorage((key) => { if (key === 'personalData') notify(); });

/** The open session's key (not a credential: the token itself is out of reach), or null when logged out. */
export function sessionKey(): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === SESSION_HINT_COOKIE) return rest.join('=') || null;
  }
  return null;
}

export const isLoggedIn = (): boolean => sessionKey() !== null;

/** The gateway answered a login and set the session cookies: re-render what depends on the session. */
export function sessionStarted(): void {
  notify();
}

/**
 * Forgets the session here: the readable marker and the stored user data. The token cookie is the gateway's to clear
 * (on logout, or on the 401 of a session found ended).
 */
export function clearSession(): void {
  if (typeof document !== 'undefined') {
    const secure = typeof location !== 'undefined' && location.protocol === 'https:' ? '; Secure' : '';
    document.cookie = `${SESSION_HINT_COOKIE}=; path=/; SameSite=Lax; Max-Age=0${secure}`;
  }
  removeItem('tokenInfo');
  removeItem('personalData');
  notify();
}

/** This tab's copy of the customer's data, when it was loaded in the session open now (not another account's). */
export function getPersonalData(): PersonalData | null {
  const personal = getItem('personalData');
  return personal && personal.session === (sessionKey() ?? undefined) ? personal : null;
}

export function setPersonalData(u: UserInfo): void {
  setItem('personalData', {
    msisdn: u.msisdn,
    showAutonewSetBtn: u.showAutonewSetBtn,
    supportPayMethods: u.supportPayMethods,
    isSmsUser: u.isSmsUser,
    global: u.global,
    session: sessionKey() ?? undefined,
  });
}

let loading: Promise<UserInfo | null> | null = null;

/**
 * Loads the customer's data and stores personalData; null when not logged in or the call fails. Callers at the same
 * moment (the layout of a new tab and a page that needs the customer's number) share one userInfo call.
 */
export function refreshPersonalData(): Promise<UserInfo | null> {
  if (!isLoggedIn()) return Promise.resolve(null);
  loading ??= loadPersonalData().finally(() => { loading = null; });
  return loading;
}

async function loadPersonalData(): Promise<UserInfo | null> {
  try {
    // The schema comes with the first call (decision 0023): a visitor's first load carries no zod.
    const { userInfo } = await import('../contract/personal');
    const info = await call(userInfo, { silent: true, background: true });
    setPersonalData(info);
    return info;
  } catch (e) {
    if (e instanceof ApiError && (e.status === 401 || e.status === 403)) clearSession();
    return null;
  }
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => { listeners.delete(l); };
};
const getSnapshot = () => {
  if (!snapshot) snapshot = { loggedIn: isLoggedIn(), personal: getPersonalData() };
  return snapshot;
};
type Session = { loggedIn: boolean; personal: PersonalData | null };

/**
 * What the first HTML of a page showed (decision 0022): the server renders it from the `Logged-In` cookie of the
 * request (renderedSession), without the customer's data, which only this tab's storage holds. Hydration renders the
 * same from the same cookie, then the stored data fills in (the header's greeting), so the logged-in header is there
 * from the first paint and nothing jumps.
 */
let renderedSession: Session = { loggedIn: false, personal: null };
let hydratedSession: Session | null = null;

/** The server's render of one request: the session it shows (only whether one is open). */
export function setRenderedSession(loggedIn: boolean): void {
  renderedSession = { loggedIn, personal: null };
}

const getServerSnapshot = (): Session => {
  if (typeof document === 'undefined') return renderedSession;
  hydratedSession ??= { loggedIn: isLoggedIn(), personal: null };
  return hydratedSession;
};

/** The session for React: re-renders when a login, a logout or personalData changes it. */
export function useSession(): Session {
  return useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
}
