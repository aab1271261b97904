/** The three languages of the product and the codes used in the Language header, `<html lang>` and storage. */
export const LANGUAGES = ['en', 'zh-Hans', 'zh-Hant'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
export const isLanguage = (v: unknown): v is Language => typeof v === 'string' && (LANGUAGES as readonly string[]).includes(v);

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
