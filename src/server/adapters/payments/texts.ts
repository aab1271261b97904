/**
 * The payment sandbox's own texts (card form, WeChat phone page), in the product's three languages. They live
 * with the sandbox, not in the storefront's i18n/ folder: they belong to the provider, like Square's card form
 * texts belong to Square. Pure: bundled into the card form's script as well.
 */
import { pickLanguage, type Language } from '../../../../i18n/languages';
import en from './i18n/en.json' with { type: 'json' };
import zhHans from './i18n/zh-Hans.json' with { type: 'json' };
import zhHant from './i18n/zh-Hant.json' with { type: 'json' };

export type SandboxTexts = typeof en;
export const SANDBOX_TEXTS: Record<Language, SandboxTexts> = { en, 'zh-Hans': zhHans, 'zh-Hant': zhHant };

export const sandboxLanguage = (value: string | null | undefined): Language => pickLanguage(value);

/** `text(lang, 'error.cardNumber.required')`, with {{name}} filled from vars; the key itself when missing. */
export function sandboxText(lang: Language, key: string, vars: Record<string, string> = {}): string {
  let node: unknown = SANDBOX_TEXTS[lang];
  for (const part of key.split('.')) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
  if (typeof node !== 'string') return key;
  return node.replace(/\{\{\s*(\w+)\s*\}\}/g, (m, name: string) => vars[name] ?? m);
}

/** The message a field problem shows (card form and tokenization answer). */
export const problemMessage = (lang: Language, field: string, type: string): string => sandboxText(lang, `error.${field}.${type}`);
