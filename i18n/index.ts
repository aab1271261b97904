/**
 * i18next for the client: the three languages of i18n/languages.ts, every namespace from i18n/resources.ts.
 * The language comes from the session key `lang`, else the browser; English is the fallback.
 * Money and dates are formatted with Intl in the active language.
 */
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, isLanguage, pickLanguage, type Language } from './languages';
import { NAMESPACES, loadResources } from './resources';
import { getItem, setItem } from '../src/storage';

export const i18n: I18n = i18next.createInstance();

const browserLanguage = (): string | null =>
  typeof navigator === 'undefined' ? null : (navigator.languages?.join(',') || navigator.language || null);

/** Session `lang` first, then the browser's languages. */
export const initialLanguage = (): Language => {
  const stored = getItem('lang');
  if (isLanguage(stored)) return stored;
  return pickLanguage(browserLanguage());
};

/** Intl locale for a product language. */
export const localeOf = (lang: string): string => (isLanguage(lang) ? lang : DEFAULT_LANGUAGE);

export const formatMoney = (cents: number, lang: string = i18n.language): string =>
  new Intl.NumberFormat(localeOf(lang), { style: 'currency', currency: 'USD' }).format(cents / 100);

export const formatDate = (value: string | number | Date, lang: string = i18n.language, opts: Intl.DateTimeFormatOptions = { dateStyle: 'medium' }): string =>
  new Intl.DateTimeFormat(localeOf(lang), opts).format(new Date(value));

/** Country name from an ISO 3166-1 alpha-2 code, in the active language. */
export const countryName = (code: string, lang: string = i18n.language): string => {
  try {
    return new Intl.DisplayNames([localeOf(lang)], { type: 'region' }).of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
};

const syncDocument = (lang: string) => {
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
};

let initialized: Promise<unknown> | null = null;

const ensureLoaded = async (lang: Language): Promise<void> => {
  if (i18n.hasResourceBundle(lang, 'common')) return;
  const bundles = await loadResources(lang);
  for (const [ns, bundle] of Object.entries(bundles)) i18n.addResourceBundle(lang, ns, bundle, true, true);
};

/** Loads the active language and the English fallback only; the others load when the user switches. */
export function initI18n(lang: Language = initialLanguage()): Promise<unknown> {
  if (initialized) return initialized;
  i18n.on('languageChanged', syncDocument);
  initialized = (async () => {
    const wanted = [...new Set<Language>([lang, DEFAULT_LANGUAGE])];
    const loaded = await Promise.all(wanted.map(async (l) => [l, await loadResources(l)] as const));
    await initWith(Object.fromEntries(loaded), lang);
  })();
  return initialized;
}

const initWith = async (resources: Record<string, Record<string, Record<string, unknown>>>, lang: Language) => {
  await i18n.use(initReactI18next).init({
    resources,
    lng: lang,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    ns: NAMESPACES,
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });
  i18n.services.formatter?.add('money', (value: number, lng?: string) => formatMoney(value, lng ?? i18n.language));
  i18n.services.formatter?.add('date', (value: string | number | Date, lng?: string) => formatDate(value, lng ?? i18n.language));
  syncDocument(i18n.language || lang);
};

/** Switches language in place (the page stays) and remembers it in session storage (spec section 3 `lang`). */
export async function setLanguage(lang: Language): Promise<void> {
  setItem('lang', lang);
  await ensureLoaded(lang);
  await i18n.changeLanguage(lang);
}

export { LANGUAGES, type Language };
