/**
 * Text the page shows as it was given, in any language: order numbers and what the buyer typed (names, addresses,
 * emails), and examples of English input. Marked translate="no" (a browser's translator leaves it, and the "no English
 * left in Chinese" check skips it); English examples also say lang="en".
 */
import type { ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';

/** A message whose `<no>…</no>` parts are shown verbatim (`{{orderNo}}`, `{{email}}` ...). */
export function VerbatimText({ k, values }: { k: string; values: Record<string, unknown> }) {
  const { t } = useTranslation();
  return <Trans t={t} i18nKey={k} values={values} components={{ no: <span translate="no" /> }} />;
}

/** A hint whose `<en>…</en>` parts are examples of what to type in English. */
export function withEnglishExamples(text: string): ReactNode {
  const parts = text.split(/<en>(.*?)<\/en>/);
  if (parts.length === 1) return text;
  return parts.map((part, i) => (i % 2 === 1 ? <span key={i} lang="en" translate="no">{part}</span> : part));
}
