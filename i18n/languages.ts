/** The three languages of the product and the codes used in the Language header, `<html lang>` and storage. */
export const LANGUAGES = ['en', 'zh-Hans', 'zh-Hant'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
export const isLanguage = (v: unknown): v is Language => typeof v === 'string' && (LANGUAGES as readonly string[]).includes(v);

/** What follows a label before its value: ": " in English, the full-width "：" in Chinese (运单号：…, not 运单号: …). */
export const labelColon = (lang: string): string => (lang.startsWith('zh') ? '：' : ': ');

/** Picks a supported language from an Accept-Language/Language header value or a browser locale. */
export const pickLanguage = (value: string | null | undefined): Language => {
  if (!value) return DEFAULT_LANGUAGE;
  for (const part of value.split(',')) {
    const tag = part.split(';')[0]!.trim();
    if (isLanguage(tag)) return tag;
    const lower = tag.toLowerCase();
    if (/^zh-(hant|tw|hk|mo)/.test(lower)) return 'zh-Hant';
    if (lower.startsWith('zh')) return 'zh-Hans';
    if (lower.startsWith('en')) return 'en';
  }
  return DEFAULT_LANGUAGE;
};

/**
 * The cookie that mirrors the language chosen in this browser session (the session key `lang`, spec section 3), so
 * the server renders a page's first HTML in it (decision 0022). A session cookie: it ends with the browser session.
 */
export const LANGUAGE_COOKIE = 'lang';

/**
 * A page's language, the same rule on the server (first HTML) and in the browser: a link's `?lang=`, else the language
 * chosen in this browser session, else the browser's languages (Accept-Language, which Chromium, Firefox and Safari
 * send from the same list as navigator.languages), else English.
 */
export const pageLanguage = (from: { linked?: string | null; chosen?: string | null; browser?: string | null }): Language => {
  if (isLanguage(from.linked)) return from.linked;
  if (isLanguage(from.chosen)) return from.chosen;
  return pickLanguage(from.browser);
};

/** One cookie's value from a Cookie header or document.cookie; null when absent. */
export const cookieValue = (cookies: string | null | undefined, name: string): string | null => {
  for (const part of (cookies ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return null;
      }
    }
  }
  return null;
};
