/**
 * The browser side of the card provider: the SDK script a merchant's page loads, and the card form page the
 * SDK puts in an iframe. The page gets a strict CSP of its own: its scripts and styles from this origin only,
 * requests to this origin only, and it may be framed only by the merchant's configured storefront origin
 * (PUBLIC_ORIGIN), whatever `parent=` says; the SDK names this sandbox's configured origin, whatever Host says.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Language } from '../../../../../i18n/languages';
import { CARD_FORM_PATH, FRAME_PARAMS, SDK_PATH } from '../browser/protocol';
import { sandboxLanguage, sandboxText } from '../texts';
import { sdkForOrigin } from './browserAssets';
import { CARD_FORM_CSS } from './cardFormStyles';
import type { SandboxContext } from './context';
import { escapeHtml } from '../../../http/html';
import { queryParam } from './http';

const CHANNEL = /^[A-Za-z0-9]{8,64}$/;

/** A labelled input with its hint and its error line; `beside` sits at the end of the label's line (the brand). */
function field(lang: Language, id: string, label: string, attrs: string, hint?: string, beside = ''): string {
  const described = [hint ? `${id}-hint` : '', `${id}-error`, beside ? `${id}-brand` : ''].filter(Boolean).join(' ');
  return `<div class="field"><div class="label-row"><label for="${id}" id="${id}-label" data-text="${label}">${escapeHtml(sandboxText(lang, label))}</label>${beside}</div>`
    + `${hint ? `<p class="hint" id="${id}-hint" data-text="${hint}">${escapeHtml(sandboxText(lang, hint))}</p>` : ''}`
    + `<input id="${id}" name="${id}" ${attrs} aria-invalid="false" aria-describedby="${described}" spellcheck="false" autocorrect="off" autocapitalize="off">`
    + `<p class="error" id="${id}-error" hidden></p></div>`;
}

export function cardFormPage(lang: Language): string {
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(sandboxText(lang, 'form.title'))}</title>
<link rel="stylesheet" href="/v1/card-form.css"><script src="/v1/card-form.js" defer></script></head>
<body><form id="card-form" novalidate>
<p class="note sandbox" id="sandbox-note" data-text="form.sandboxNote">${escapeHtml(sandboxText(lang, 'form.sandboxNote'))}</p>
${field(lang, 'cardNumber', 'form.cardNumber', 'type="text" inputmode="numeric" autocomplete="cc-number" maxlength="23" required', undefined, '<span class="brand" id="cardNumber-brand" aria-live="polite"></span>')}
<div class="row">
${field(lang, 'expirationDate', 'form.expirationDate', 'type="text" inputmode="numeric" autocomplete="cc-exp" maxlength="7" placeholder="MM/YY" required')}
${field(lang, 'cvv', 'form.cvv', 'type="text" inputmode="numeric" autocomplete="cc-csc" maxlength="4" required', 'form.cvvHint')}
</div>
${field(lang, 'postalCode', 'form.postalCode', 'type="text" autocomplete="billing postal-code" maxlength="10" required', 'form.postalCodeHint')}
<p class="note" id="secure-note" data-text="form.secureNote">${escapeHtml(sandboxText(lang, 'form.secureNote'))}</p>
</form></body></html>`;
}

const pageCsp = (parent: string) => [
  "default-src 'none'", "script-src 'self'", "style-src 'self'", "connect-src 'self'", "img-src 'self'",
  "base-uri 'none'", "form-action 'none'", `frame-ancestors ${parent}`,
].join('; ');

const asset = (reply: FastifyReply, type: string, body: string) =>
  reply.type(type).header('cache-control', 'no-cache').header('cross-origin-resource-policy', 'cross-origin').send(body);

export function cardFormRoutes(app: FastifyInstance, ctx: SandboxContext) {
  app.get(SDK_PATH, async (_request, reply) =>
    asset(reply.header('access-control-allow-origin', '*'), 'application/javascript; charset=utf-8', sdkForOrigin((await ctx.assets).sdk, ctx.browserOrigin)));

  app.get('/v1/card-form.js', async (_request, reply) => asset(reply, 'application/javascript; charset=utf-8', (await ctx.assets).cardForm));
  app.get('/v1/card-form.css', async (_request, reply) => asset(reply, 'text/css; charset=utf-8', CARD_FORM_CSS));

  app.get(CARD_FORM_PATH, async (request, reply) => {
    const lang = sandboxLanguage(queryParam(request, FRAME_PARAMS.lang));
    // The card form talks to its parent by postMessage to `parent`: it must be the merchant's storefront itself.
    const parent = queryParam(request, FRAME_PARAMS.parent) ?? '';
    const merchant = ctx.merchantOrigins().includes(parent) ? parent : null;
    const known = queryParam(request, FRAME_PARAMS.applicationId) === ctx.credentials.square.applicationId
      && queryParam(request, FRAME_PARAMS.locationId) === ctx.credentials.square.locationId;
    if (!merchant || !CHANNEL.test(queryParam(request, FRAME_PARAMS.channel) ?? '') || !known) {
      return reply.status(400).type('text/plain; charset=utf-8').send(sandboxText(lang, 'error.unavailable'));
    }
    return reply.type('text/html; charset=utf-8').header('content-security-policy', pageCsp(merchant)).send(cardFormPage(lang));
  });
}
