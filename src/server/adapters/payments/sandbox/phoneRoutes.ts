/**
 * The sandbox's stand-in for the buyer's phone: the page WeChat shows after scanning a Native pay QR code
 * (merchant, item, amount), with a button that pays and one that makes the payment fail, so a person trying
 * the product can finish a WeChat payment. Plain HTML forms, no script; three languages.
 */
import type { FastifyInstance } from 'fastify';
import { LANGUAGES, type Language } from '../../../../../i18n/languages';
import { sandboxLanguage, sandboxText } from '../texts';
import type { SandboxContext } from './context';
import { escapeHtml } from '../../../http/html';
import { queryParam } from './http';
import { orderByCode, settleFromPhone, type WechatOrderRow } from './wechatOrders';

export const PHONE_PATH = '/wechat/phone';
const LOCALES: Record<Language, string> = { en: 'en-US', 'zh-Hans': 'zh-CN', 'zh-Hant': 'zh-TW' };
const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', 'zh-Hans': '简体中文', 'zh-Hant': '繁體中文' };

const money = (lang: Language, cents: number) =>
  new Intl.NumberFormat(LOCALES[lang], { style: 'currency', currency: 'USD', currencyDisplay: lang === 'en' ? 'symbol' : 'code' }).format(cents / 100);

export const phoneUrl = (base: string, prepayId: string, lang?: Language) =>
  `${base}${PHONE_PATH}?pr=${encodeURIComponent(prepayId)}${lang ? `&lang=${lang}` : ''}`;

function outcomeKey(order: WechatOrderRow, now: Date): string | null {
  switch (order.state) {
    case 'NOTPAY': return null;
    case 'SUCCESS': return 'phone.paid';
    case 'PAYERROR': return 'phone.failed';
    case 'REFUND': return 'phone.refunded';
    case 'CLOSED': return order.expiresAt.getTime() <= now.getTime() ? 'phone.expired' : 'phone.closed';
  }
}

function page(lang: Language, pr: string, merchant: string, order: WechatOrderRow | null, now: Date): string {
  const t = (key: string, vars?: Record<string, string>) => escapeHtml(sandboxText(lang, key, vars));
  const languages = LANGUAGES.map((l) => `<li><a href="${PHONE_PATH}?pr=${encodeURIComponent(pr)}&amp;lang=${l}" lang="${l}"${l === lang ? ' aria-current="page"' : ''}>${LANGUAGE_NAMES[l]}</a></li>`).join('');
  const outcome = order ? outcomeKey(order, now) : 'phone.notFound';
  const details = order ? `<dl>
<div><dt>${t('phone.merchant')}</dt><dd>${escapeHtml(merchant)}</dd></div>
<div><dt>${t('phone.item')}</dt><dd>${escapeHtml(order.description)}</dd></div>
<div><dt>${t('phone.amount')}</dt><dd class="amount">${escapeHtml(money(lang, order.amountCents))}</dd></div>
</dl>` : '';
  const actions = order && !outcome ? `<form method="post" action="${PHONE_PATH}">
<input type="hidden" name="pr" value="${escapeHtml(pr)}"><input type="hidden" name="lang" value="${lang}">
<button type="submit" name="outcome" value="pay" class="pay">${t('phone.pay', { amount: money(lang, order.amountCents) })}</button>
<button type="submit" name="outcome" value="fail" class="fail">${t('phone.fail')}</button>
</form>` : '';
  const status = outcome ? `<p role="status" class="status ${order?.state === 'SUCCESS' ? 'ok' : 'ko'}">${t(outcome)}</p>` : '';
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${t('phone.pageTitle')}</title><link rel="stylesheet" href="${PHONE_PATH}.css"></head>
<body><main><h1>${t('phone.heading')}</h1><p class="note">${t('phone.sandboxNote')}</p>
${details}${status}${actions}
<nav aria-label="${t('phone.language')}"><ul>${languages}</ul></nav></main></body></html>`;
}

const PHONE_CSS = `
*,*::before,*::after{box-sizing:border-box}
body{margin:0;background:#ededed;color:#111;font:16px/1.5 system-ui,-apple-system,"PingFang SC","Microsoft YaHei",sans-serif}
html:lang(zh-Hant) body{font-family:system-ui,-apple-system,"PingFang TC","Microsoft JhengHei",sans-serif}
main{max-width:28rem;margin:0 auto;padding:1.5rem 1rem;display:grid;gap:1rem}
h1{margin:0;font-size:1.375rem;color:#065f46}
.note{margin:0;padding:.5rem .75rem;border-radius:.5rem;background:#fffbeb;color:#78350f;font-size:.875rem}
dl{margin:0;padding:1rem;border-radius:.75rem;background:#fff;display:grid;gap:.5rem}
dl div{display:flex;justify-content:space-between;gap:1rem}
dt{color:#4b5563}dd{margin:0;text-align:right;overflow-wrap:anywhere}
.amount{font-size:1.5rem;font-weight:700}
form{display:grid;gap:.75rem}
button{min-height:3rem;border-radius:.5rem;font:inherit;font-weight:600;cursor:pointer}
.pay{border:0;background:#047857;color:#fff}
.fail{border:1px solid #6b7280;background:#fff;color:#111}
button:focus-visible,a:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}
.status{margin:0;padding:1rem;border-radius:.75rem;background:#fff;font-weight:600}
.ok{color:#065f46}.ko{color:#b91c1c}
nav ul{list-style:none;margin:0;padding:0;display:flex;gap:1rem;justify-content:center}
a{color:#1d4ed8}a[aria-current]{font-weight:700;color:#111;text-decoration:none}
`;

const PAGE_CSP = "default-src 'none'; style-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

/**
 * A prepay id as this sandbox issues them (12 base64url characters; a little room for others). Anything else names
 * no order and never reaches the database: a NUL there was a 500, a lone surrogate broke the redirect.
 */
const PREPAY_ID = /^[A-Za-z0-9_-]{1,64}$/;
const prepayIdOf = (value: unknown): string => (typeof value === 'string' && PREPAY_ID.test(value) ? value : '');

export function phoneRoutes(app: FastifyInstance, ctx: SandboxContext) {
  app.get(`${PHONE_PATH}.css`, async (_request, reply) => reply.type('text/css; charset=utf-8').header('cache-control', 'no-cache').send(PHONE_CSS));

  app.get(PHONE_PATH, async (request, reply) => {
    const lang = sandboxLanguage(queryParam(request, 'lang') ?? request.headers['accept-language']);
    const pr = prepayIdOf(queryParam(request, 'pr'));
    const order = pr ? await orderByCode(ctx.db, ctx.clock, pr) : null;
    return reply.status(order ? 200 : 404).type('text/html; charset=utf-8').header('content-security-policy', PAGE_CSP)
      .send(page(lang, pr, ctx.merchantName, order, ctx.clock.now()));
  });

  app.post(PHONE_PATH, async (request, reply) => {
    const form = (request.body ?? {}) as Record<string, string>;
    const lang = sandboxLanguage(form.lang);
    const pr = prepayIdOf(form.pr);
    const outcome = form.outcome === 'pay' ? 'pay' : form.outcome === 'fail' ? 'fail' : null;
    if (pr && outcome) {
      const settled = await settleFromPhone(ctx.db, ctx.clock, pr, outcome);
      if (settled?.moved && settled.order.state === 'SUCCESS') {
        request.log.info({ outTradeNo: settled.order.outTradeNo }, 'wechat order paid by phone');
        await ctx.notifier.paid(settled.order);
      }
    }
    // Post/redirect/get: reloading the result page never pays twice.
    return reply.redirect(`${PHONE_PATH}?pr=${encodeURIComponent(pr)}&lang=${lang}`, 303);
  });
}
