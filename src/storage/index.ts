/**
 * The wrapped storage of spec section 3: "Each stored value is wrapped with data type, content, storage kind
 * (session or persistent) and a timestamp in ms." Every key the spec lists is typed here with the storage it
 * lives in; the login token itself is kept in a cookie (src/app/session.ts).
 */
import type { ActivationSim } from '../contract/activation';
import type { PayMethod } from '../contract/personal';

export type StorageKind = 'session' | 'local';
export type DataType = 'string' | 'number' | 'boolean' | 'object' | 'array' | 'null';

/** What is written under a key: JSON of this shape. */
export interface Wrapped<T> {
  type: DataType;
  content: T;
  storage: StorageKind;
  timestamp: number;
}

/** Customer data kept for the header, the footer rule and guards (spec section 3 personalData). */
export interface PersonalData {
  msisdn: string;
  showAutonewSetBtn: 0 | 1;
  supportPayMethods: PayMethod[];
  isSmsUser: 0 | 1;
  /** The account's line is the global data SIM: the portal shows the global pages (absent: a US account). */
  global?: boolean;
  /**
   * The session it was loaded in (the `Logged-In` cookie's key): another account logged in from another tab changes
   * the cookie, and this tab's copy is then another customer's (src/app/session.ts reads it only for its own session).
   */
  session?: string;
}

export interface TokenInfo {
  tokenType: string;
  expiresIn: number;
  scope: string;
  /** When the token was issued (ms), so expiry can be computed. */
  issuedAt: number;
}

/** Every stored key of spec section 3 and its content type. */
export interface StoredValues {
  tokenInfo: TokenInfo;
  personalData: PersonalData;
  /** Dual number: the open state of the China number. */
  openState: string;
  noHeaderFooter: boolean;
  changeMeta: { title?: string; description?: string };
  bundleInfo: Record<string, unknown>;
  /** The platform a promotion came from. */
  promotion: string;
  activity_code: string;
  'plans/recommendCode': string;
  couponCode: string;
  activityCode: string;
  lang: string;
  /** Form or JSON encoding of request bodies (spec section 3, local key). */
  contentType: 'json' | 'form';
  /** Spec section 2: clicking a link to the current route sets a forget flag... */
  forget: boolean;
  /** ...and a title-active flag: the path of the header item that was clicked. */
  titleActive: string;
  /** Checkout: the versioned resume point a reload of this tab continues from (machines/checkout.machine.ts). */
  'checkout/resume': Record<string, unknown>;
  /** Checkout: the Idempotency-Key of each submitted order body (by its digest), shared by the tabs of this browser. */
  'checkout/submissions': Record<string, { key: string; at: number }>;
  /** Checkout: the purchase a tab of this browser has open (not paid yet), which a second tab joins. */
  'checkout/purchase': { id: string; at: number };
  /** Order tokens per order number: they read and pay an order without an account (X-Order-Token). */
  'orders/tokens': Record<string, { token: string; at: number }>;
  /**
   * Activation: the token step 1 answered and the card it proved (contract ActivationSim), written by the activation
   * chart's host; the plan purchase of a card without plan (/activation/propagate, /activation/bundleForm) reads it.
   */
  'activation/card': { activationToken: string; card: ActivationSim };
  /** The plan purchase of activation: its own resume point, apart from the plan pages' checkout. */
  'activation/checkoutResume': Record<string, unknown>;
  /** Activation: the versioned resume point of the activation chart (token, activation id, step-2 draft without secrets). */
  'activation/resume': Record<string, unknown>;
  /** Activation: the Idempotency-Key of each submitted step-2 body (by its digest): a retry or reload submits once. */
  'activation/submissions': Record<string, { key: string; at: number }>;
}
export type StorageKey = keyof StoredValues;

export const STORAGE_KIND: Record<StorageKey, StorageKind> = {
  tokenInfo: 'session',
  personalData: 'session',
  openState: 'session',
  noHeaderFooter: 'session',
  changeMeta: 'session',
  bundleInfo: 'session',
  promotion: 'session',
  activity_code: 'session',
  'plans/recommendCode': 'session',
  couponCode: 'session',
  activityCode: 'session',
  lang: 'session',
  contentType: 'local',
  forget: 'session',
  titleActive: 'session',
  'checkout/resume': 'session',
  'checkout/submissions': 'local',
  'checkout/purchase': 'local',
  'orders/tokens': 'local',
  'activation/card': 'session',
  'activation/checkoutResume': 'session',
  'activation/resume': 'session',
  'activation/submissions': 'session',
};

export const dataTypeOf = (value: unknown): DataType => {
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) return 'array';
  const t = typeof value;
  if (t === 'string' || t === 'number' || t === 'boolean') return t;
  return 'object';
};

const backend = (kind: StorageKind): Storage | null => {
  try {
    if (typeof window === 'undefined') return null;
    return kind === 'session' ? window.sessionStorage : window.localStorage;
  } catch {
    return null; // storage disabled (privacy mode): the app runs without it
  }
};

type Listener = (key: StorageKey) => void;
const listeners = new Set<Listener>();
const emit = (key: StorageKey) => { for (const l of listeners) l(key); };

/** Called with the key on every set or remove in this tab. */
export const subscribeStorage = (listener: Listener): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const wrap = <T>(value: T, storage: StorageKind, now = Date.now()): Wrapped<T> => ({
  type: dataTypeOf(value),
  content: value,
  storage,
  timestamp: now,
});

/** Reads the wrapper; a value not written by this module (or broken JSON) counts as absent. */
export function getWrapped<K extends StorageKey>(key: K): Wrapped<StoredValues[K]> | null {
  const raw = backend(STORAGE_KIND[key])?.getItem(key);
  if (raw == null) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<Wrapped<StoredValues[K]>>;
    if (!parsed || typeof parsed !== 'object' || !('content' in parsed) || typeof parsed.timestamp !== 'number') return null;
    return parsed as Wrapped<StoredValues[K]>;
  } catch {
    return null;
  }
}

export function getItem<K extends StorageKey>(key: K): StoredValues[K] | null {
  const w = getWrapped(key);
  return w ? w.content : null;
}

export function setItem<K extends StorageKey>(key: K, value: StoredValues[K]): void {
  const kind = STORAGE_KIND[key];
  try {
    backend(kind)?.setItem(key, JSON.stringify(wrap(value, kind)));
  } catch {
    // quota exceeded or storage disabled: keep running without persistence
  }
  emit(key);
}

export function removeItem(key: StorageKey): void {
  backend(STORAGE_KIND[key])?.removeItem(key);
  emit(key);
}

export const storage = { get: getItem, set: setItem, remove: removeItem, getWrapped, subscribe: subscribeStorage };
