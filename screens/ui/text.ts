/**
 * A message to show: an i18n key (re-translated when the language changes) or words the gateway already wrote in
 * the customer's language (a validation message naming its field).
 */
import { useTranslation } from 'react-i18next';

export type Text = { key: string; values?: Record<string, unknown> } | { text: string };

export interface ProblemLike { code: string; message: string; status: number }

/** Catalogue codes have their own words in every language; other answers bring the gateway's message (checkout, payment, activation). */
export function problemText(p: ProblemLike): Text {
  if (p.code === 'http') return { key: `errors:http.${p.status || 500}` };
  if (p.code !== 'validation' && p.code !== 'rateLimited') return { key: `errors:code.${p.code}` };
  return p.message ? { text: p.message } : { key: `errors:code.${p.code}` };
}

/** The gateway's own words when it wrote some, else the catalogue's (the login, change-password and tracking charts). */
export const messageFirstText = (p: ProblemLike): Text =>
  p.message ? { text: p.message } : p.code === 'http' ? { key: `errors:http.${p.status || 500}` } : { key: `errors:code.${p.code}` };

export function useText() {
  const { t } = useTranslation();
  return (text: Text) => ('key' in text ? t(text.key, text.values) : text.text);
}
