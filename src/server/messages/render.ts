/**
 * One email, two parts: a list of blocks renders to the plain-text part and to the HTML part, so the two never
 * say different things. Money, dates and country names are formatted with Intl in the buyer's language; dates
 * in Pacific time, the time the spec states its rules in. Every value is escaped in the HTML part.
 */
import { labelColon, type Language } from '../../../i18n/languages';
import type { Deps } from '../context';
import { escapeHtml } from '../http/html';
import { t } from '../i18n';
import { PACIFIC_DATE, PACIFIC_DATE_TIME, PACIFIC_TIME_ZONE } from '../../domain/pacificTime';

export type Block =
  | { kind: 'heading'; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'rows'; rows: [label: string, value: string][] }
  | { kind: 'link'; href: string; label: string }
  | { kind: 'image'; src: string; alt: string }
  | { kind: 'code'; text: string }
  | { kind: 'steps'; items: string[] }
  | { kind: 'lines'; lines: string[] };

/** `footerKey`: why the reader gets this email, when it is not an order (the default line says an order was placed). */
export interface Email { subject: string; greetingName: string; blocks: Block[]; footerKey?: string }
export interface RenderedEmail { subject: string; text: string; html: string }

const LOCALES: Record<Language, string> = { en: 'en-US', 'zh-Hans': 'zh-Hans-CN', 'zh-Hant': 'zh-Hant-TW' };
export const PACIFIC = PACIFIC_TIME_ZONE;

/** "$15.00" in every language, as the pages write amounts (i18n/index.ts, formatMoney). */
export const money = (lang: Language, cents: number): string =>
  new Intl.NumberFormat(LOCALES[lang], { style: 'currency', currency: 'USD', currencyDisplay: 'narrowSymbol' }).format(cents / 100);

/** A moment in Pacific time, the zone named in words: Intl's own zone names read oddly in Chinese ("[PST]", "GMT-8"). */
export const dateTime = (lang: Language, at: Date): string => t(lang, 'messages:email.pacificTime', {
  time: new Intl.DateTimeFormat(LOCALES[lang], PACIFIC_DATE_TIME).format(at),
});

export const dateOnly = (lang: Language, at: Date): string => new Intl.DateTimeFormat(LOCALES[lang], PACIFIC_DATE).format(at);

export const countryName = (lang: Language, code: string): string =>
  new Intl.DisplayNames([LOCALES[lang]], { type: 'region' }).of(code) ?? code;

/** Where the buyer's browser reaches the storefront: links in emails point there. */
/** The storefront's configured origin (PUBLIC_ORIGIN), the base of every link in a message. */
export const siteUrl = (deps: Deps): string => deps.config.publicOrigin ?? 'http://localhost:8080';

const BRAND_COLOR = '#0f766e';

function blockHtml(b: Block): string {
  switch (b.kind) {
    case 'heading': return `<h2 style="font-size:17px;margin:24px 0 8px;color:#111827">${escapeHtml(b.text)}</h2>`;
    case 'paragraph': return `<p style="margin:0 0 12px">${escapeHtml(b.text)}</p>`;
    case 'rows': return `<table role="presentation" style="border-collapse:collapse;width:100%;margin:0 0 12px">${b.rows.map(([k, v]) =>
      `<tr><th scope="row" style="width:40%;text-align:left;font-weight:normal;color:#4b5563;padding:6px 12px 6px 0;border-bottom:1px solid #e5e7eb;vertical-align:top">${escapeHtml(k)}</th>`
      + `<td style="padding:6px 0;border-bottom:1px solid #e5e7eb;text-align:right;font-weight:600">${escapeHtml(v)}</td></tr>`).join('')}</table>`;
    case 'link': return `<p style="margin:16px 0"><a href="${escapeHtml(b.href)}" style="display:inline-block;background:${BRAND_COLOR};color:#ffffff;text-decoration:none;padding:10px 18px;border-radius:6px;font-weight:600">${escapeHtml(b.label)}</a></p>`;
    case 'image': return `<p style="margin:16px 0;text-align:center"><img src="${escapeHtml(b.src)}" alt="${escapeHtml(b.alt)}" width="240" height="240" style="display:inline-block;border:1px solid #e5e7eb"></p>`;
    case 'code': return `<p style="margin:0 0 12px"><code style="font-family:ui-monospace,Menlo,Consolas,monospace;background:#f3f4f6;padding:4px 6px;border-radius:4px;word-break:break-all">${escapeHtml(b.text)}</code></p>`;
    case 'steps': return `<ol style="margin:0 0 12px;padding-left:20px">${b.items.map((i) => `<li style="margin:0 0 6px">${escapeHtml(i)}</li>`).join('')}</ol>`;
    case 'lines': return `<p style="margin:0 0 12px">${b.lines.map(escapeHtml).join('<br>')}</p>`;
  }
}

function blockText(b: Block, lang: Language): string | null {
  const colon = labelColon(lang);
  switch (b.kind) {
    case 'heading': return `${b.text}\n${'-'.repeat(Math.min(40, b.text.length * 2))}`;
    case 'paragraph': return b.text;
    case 'rows': return b.rows.map(([k, v]) => `${k}${colon}${v}`).join('\n');
    case 'link': return `${b.label}${colon}${b.href}`;
    case 'image': return null;
    case 'code': return b.text;
    case 'steps': return b.items.map((item, i) => `${i + 1}. ${item}`).join('\n');
    case 'lines': return b.lines.join('\n');
  }
}

export function renderEmail(lang: Language, email: Email, to: string): RenderedEmail {
  const greeting = t(lang, 'messages:email.greeting', { name: email.greetingName });
  const closing = [t(lang, 'messages:email.signOff'), t(lang, 'messages:email.support'), t(lang, email.footerKey ?? 'messages:email.footer', { email: to })];
  const text = [greeting, ...email.blocks.map((b) => blockText(b, lang)).filter((s): s is string => s !== null), ...closing].join('\n\n');
  const brand = escapeHtml(t(lang, 'messages:email.brand'));
  const html = `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(email.subject)}</title></head>`
    + '<body style="margin:0;padding:0;background:#f3f4f6;font:15px/1.6 -apple-system,BlinkMacSystemFont,\'Segoe UI\',\'PingFang SC\',\'Microsoft YaHei\',sans-serif;color:#1f2937">'
    + '<table role="presentation" width="100%" style="border-collapse:collapse"><tr><td align="center" style="padding:24px 12px">'
    + '<table role="presentation" width="600" style="border-collapse:collapse;max-width:600px;width:100%;background:#ffffff;border-radius:8px">'
    + `<tr><td style="padding:20px 24px;border-bottom:4px solid ${BRAND_COLOR}"><strong style="font-size:20px;color:${BRAND_COLOR}">${brand}</strong></td></tr>`
    + `<tr><td style="padding:24px"><p style="margin:0 0 12px">${escapeHtml(greeting)}</p>${email.blocks.map(blockHtml).join('')}`
    + `<p style="margin:24px 0 0">${escapeHtml(closing[0]!)}</p></td></tr>`
    + `<tr><td style="padding:16px 24px;font-size:12px;color:#6b7280;border-top:1px solid #e5e7eb">${escapeHtml(closing[1]!)}<br>${escapeHtml(closing[2]!)}</td></tr>`
    + '</table></td></tr></table></body></html>';
  return { subject: email.subject, text, html };
}
