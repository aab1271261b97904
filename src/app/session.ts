/**
 * The login session: token in the cookie the spec names for an admin token ('Admin-Token'), token info and
 * personalData in the wrapped storage (spec section 3).
 */
import { useSyncExternalStore } from 'react';
import { ApiError, call } from '../api/client';
import { endpoints } from '../contract';
import type { UserInfo } from '../contract/personal';
import { getItem, removeItem, setItem, subscribeStorage, type PersonalData } from '../storage';

export type { PersonalData };

export const TOKEN_COOKIE = 'Admin-Token';

const listeners = new Set<() => void>();
let snapshot: { token: string | null; personal: PersonalData | null } | null = null;
const notify = () => {
  snapshot = null;
  for (const l of listeners) l();
};
subscribeStorage((key) => { if (key === 'personalData') notify(); });

export function getToken(): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === TOKEN_COOKIE) {
      const value = decodeURIComponent(rest.join('='));
      return value || null;
    }
  }
  return null;
}

export function setToken(token: string): void {
  const secure = typeof location !== 'undefined' && location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${TOKEN_COOKIE}=${encodeURIComponent(token)}; path=/; SameSite=Lax${secure}`;
  notify();
}

export function clearSession(): void {
  if (typeof document !== 'undefined') document.cookie = `${TOKEN_COOKIE}=; path=/; SameSite=Lax; Max-Age=0`;
  removeItem('tokenInfo');
  removeItem('personalData');
  notify();
}

export function getPersonalData(): PersonalData | null {
  return getItem('personalData');
}

export function setPersonalData(u: UserInfo): void {
  setItem('personalData', {
    msisdn: u.msisdn,
    showAutonewSetBtn: u.showAutonewSetBtn,
    supportPayMethods: u.supportPayMethods,
    isSmsUser: u.isSmsUser,
    global: u.global,
  });
}

/** Loads the customer's data and stores personalData; null when not logged in or the call fails. */
export async function refreshPersonalData(): Promise<UserInfo | null> {
  if (!getToken()) return null;
  try {
    const info = await call(endpoints.userInfo, { silent: true, background: true });
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
  if (!snapshot) snapshot = { token: getToken(), personal: getPersonalData() };
  return snapshot;
};
const serverSnapshot = { token: null, personal: null };

/** The session for React: re-renders when the token or personalData changes. */
export function useSession(): { token: string | null; personal: PersonalData | null } {
  return useSyncExternalStore(subscribe, getSnapshot, () => serverSnapshot);
}
