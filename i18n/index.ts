/**
 * The translator of the client (and the server's rendering of the public pages, src/app/entry-server.tsx): the three
 * languages of i18n/languages.ts, every namespace from i18n/resources.ts. The language comes from a link's `?lang=`,
 * the session key `lang` (mirrored in the `lang` cookie for the server, decision 0022), else the browser; English is
 * the fallback. i18n/runtime.ts follows i18next's rules for what the product uses (decision 0048).
 * Money and dates are formatted with Intl in the active language.
 */
import { setTranslator } from './reactBinding';
import { Translator } from './runtime';
import { DEFAULT_LANGUAGE, LANGUAGE_COOKIE, LANGUAGES, cookieValue, isLanguage, labelColon, pageLanguage, type Language } from './languages';
import { NAMESPACES, loadNamespace } from './resources';
import { getItem, setItem } from '../src/storage';
import { PACIFIC_DATE, PACIFIC_DATE_TIME } from '../src/domain/pacificTime';

export const i18n = new Translator();
setTranslator(i18n);

const browserLanguage = (): string | null =>
  typeof navigator === 'undefined' ? null : (navigator.languages?.join(',') || navigator.language || null);

/**
 * A link that names its language (`?lang=zh-Hant`) opens in it: a page opened in a new tab (the checkout's terms and
 * privacy links) starts with an empty session, so it would otherwise fall back to the browser's language.
 */
const linkedLanguage = (): Language | null => {
  if (typeof window === 'undefined') return null;
  const lang = new URLSearchParams(window.location.search).get('lang');
  return isLanguage(lang) ? lang : null;
};

const cookieLanguage = (): string | null => (typeof document === 'undefined' ? null : cookieValue(document.cookie, LANGUAGE_COOKIE));

/** The server reads the chosen language from this cookie: it follows the session key `lang` (decision 0022). */
const mirrorInCookie = (lang: Language) => {
  if (typeof document === 'undefined' || cookieLanguage() === lang) return;
  const secure = typeof location !== 'undefined' && location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${LANGUAGE_COOKIE}=${lang}; Path=/; SameSite=Lax${secure}`;
};

/** Keeps the language chosen in this tab (session key `lang`, spec section 3) and tells the server (the cookie). */
const rememberLanguage = (lang: Language) => {
  setItem('lang', lang);
  mirrorInCookie(lang);
};

/**
 * The link's `?lang=` first (kept for the session), then the session's `lang` (this tab's choice), then the `lang`
 * cookie (the latest choice of this browser session, in any tab), then the browser's languages: the rule the server
 * follows for a page's first HTML (pageLanguage), with this tab's own choice where the server cannot see it.
 */
export const initialLanguage = (): Language => {
  const linked = linkedLanguage();
  if (linked) {
    rememberLanguage(linked);
    return linked;
  }
  const stored = getItem('lang');
  if (isLanguage(stored)) {
    mirrorInCookie(stored);
    return stored;
  }
  return pageLanguage({ chosen: cookieLanguage(), browser: browserLanguage() });
};

/** Intl locale for a product language. */
export const localeOf = (lang: string): string => (isLanguage(lang) ? lang : DEFAULT_LANGUAGE);

/**
 * An amount as the product writes it in every language: "$15.00", also in Chinese, where Intl's own symbol is "US$".
 * Every price is in US dollars and the prose of the pages writes "$15"; "美元" is used only where the currency itself
 * is named (the legal pages: "prices are in US dollars"). The server's messages write amounts the same way
 * (src/server/messages/render.ts, `money`).
 */
export const formatMoney = (cents: number, lang: string = i18n.language): string =>
  new Intl.NumberFormat(localeOf(lang), { style: 'currency', currency: 'USD', currencyDisplay: 'narrowSymbol' }).format(cents / 100);

export const formatDate = (value: string | number | Date, lang: string = i18n.language, opts: Intl.DateTimeFormatOptions = { dateStyle: 'medium' }): string =>
  new Intl.DateTimeFormat(localeOf(lang), opts).format(new Date(value));

/**
 * A moment in Pacific time with the zone named ("November 25, 2026 at 8:14 AM Pacific Time", "2026年11月25日 8:14
 * （美国太平洋时间）", "2026年11月25日 上午8:14（美國太平洋時間）"): each script's own clock, 24-hour in simplified Chinese as
 * mainland readers write it and 上午/下午 in traditional Chinese, as the emails write it: the spec's rules are in Pacific
 * time, and a customer reads one time on the page and in the email.
 */
export const formatPacificDateTime = (value: string | number | Date, lang: string = i18n.language): string =>
  i18n.t('common:pacificTime', { lng: localeOf(lang), time: new Intl.DateTimeFormat(localeOf(lang), PACIFIC_DATE_TIME).format(new Date(value)) });

/** A calendar day given as 'YYYY-MM-DD' (a departure date), as the language writes a day: no time zone moves it. */
export const formatCalendarDay = (day: string, lang: string = i18n.language): string =>
  formatDate(`${day}T00:00:00Z`, lang, { dateStyle: 'long', timeZone: 'UTC' });

/** A day in Pacific time, as the emails write it. */
export const formatPacificDate = (value: string | number | Date, lang: string = i18n.language): string =>
  new Intl.DateTimeFormat(localeOf(lang), PACIFIC_DATE).format(new Date(value));

/**
 * Regions named by CLDR's short name ("Hong Kong", 香港): their long names ("Hong Kong SAR China") are what Node and
 * Firefox say, while Chromium's ICU data says the short one. One name everywhere keeps a page the server rendered the
 * same once the browser hydrates it (decision 0022).
 */
const SHORT_NAMED_REGIONS = new Set(['HK', 'MO', 'PS']);

/** Country name from an ISO 3166-1 alpha-2 code, in the active language. */
export const countryName = (code: string, lang: string = i18n.language): string => {
  try {
    const region = code.toUpperCase();
    return new Intl.DisplayNames([localeOf(lang)], { type: 'region', style: SHORT_NAMED_REGIONS.has(region) ? 'short' : 'long' }).of(region) ?? code;
  } catch {
    return code;
  }
};

const syncDocument = (lang: string) => {
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
};

let initialized: Promise<unknown> | null = null;

/**
 * Namespaces every page needs before its first paint: the shell (header, footer, plan names) and the error catalogue,
 * whose messages must show even when nothing more can be fetched; the page titles (`meta`) load just after it
 * (src/app/layout/useDocumentMeta.ts). The others are declared by each route (`namespaces` in src/app/routes.ts, a
 * plain field a server renderer reads too) and load with its screen (src/app/router.tsx awaits them with the screen's
 * code), so a page fetches only what it shows (decision 0023).
 */
export const CORE_NAMESPACES = ['common', 'layout', 'errors'] as const;

export interface InitOptions {
  /** Namespaces to load before resolving: all of them by default (tests, tools); the app passes CORE_NAMESPACES. */
  namespaces?: readonly string[];
}

/** Loads the active language and the English fallback only; the others load when the user switches. */
export function initI18n(lang: Language = initialLanguage(), opts: InitOptions = {}): Promise<unknown> {
  if (initialized) return initialized;
  i18n.on('languageChanged', syncDocument);
  initialized = (async () => {
    // Namespaces not loaded yet are fetched as their own chunks: a component whose namespace is missing
    // (useTranslation('login') in the header's logout dialog) suspends until it is, rather than showing keys; a language
    // switch loads every namespace already in use, for the new language.
    await i18n.init({
      lng: lang,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      ns: [...(opts.namespaces ?? NAMESPACES)],
      defaultNS: 'common',
      read: loadNamespace,
    });
    syncDocument(i18n.language || lang);
  })();
  return initialized;
}

/** Loads namespaces (for the active language and the fallback) before a screen that uses them renders. */
export async function ensureNamespaces(namespaces: readonly string[] | 'all'): Promise<void> {
  if (!i18n.isInitialized) return;
  const wanted = namespaces === 'all' ? NAMESPACES : namespaces;
  const missing = wanted.filter((ns) => !i18n.hasLoadedNamespace(ns));
  if (missing.length) await i18n.loadNamespaces(missing);
}

/** Switches language in place (the page stays) and remembers it in session storage (spec section 3 `lang`), and in the cookie the server reads. */
export async function setLanguage(lang: Language): Promise<void> {
  rememberLanguage(lang);
  await i18n.changeLanguage(lang);
}

export { LANGUAGES, labelColon, type Language };
