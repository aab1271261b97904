/**
 * The sandbox's stand-in for WeChat's signing page of a papay contract (decision 0046): what the merchant asks
 * (merchant, the account it is for), buttons to sign or decline, then back to the merchant's return page. Later the
 * same page is the payer's view of the contract "in WeChat", where it can be ended (as Me > Pay > Deduction services
 * does). Plain HTML forms, no script; three languages.
 */
import type { FastifyInstance } from 'fastify';
import { LANGUAGES, type Language } from '../../../../../i18n/languages';
import { escapeHtml } from '../../../http/html';
import { sandboxLanguage, sandboxText } from '../texts';
import type { SandboxContext } from './context';
import { queryParam } from './http';
import { PHONE_PATH } from './phoneRoutes';
import { contractByToken, contractStateOf, signFromPhone, terminate, type ContractRow, type ContractState } from './wechatContracts';

export const SIGN_PATH = '/wechat/sign';
const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', 'zh-Hans': '简体中文', 'zh-Hant': '繁體中文' };

/** A sign token as this sandbox issues them (16 base64url characters; a little room). Anything else names nothing. */
const TOKEN = /^[A-Za-z0-9_-]{1,64}$/;
const tokenOf = (value: unknown): string => (typeof value === 'string' && TOKEN.test(value) ? value : '');

const STATUS_KEYS: Record<ContractState, string | null> = {
  PENDING: null, SIGNED: 'sign.signed', DECLINED: 'sign.declined', EXPIRED: 'sign.expired', TERMINATED: 'sign.terminated',
};

function page(lang: Language, token: string, merchant: string, contract: ContractRow | null, now: Date): string {
  const t = (key: string, vars?: Record<string, string>) => escapeHtml(sandboxText(lang, key, vars));
  const languages = LANGUAGES.map((l) => `<li><a href="${SIGN_PATH}?token=${encodeURIComponent(token)}&amp;lang=${l}" lang="${l}"${l === lang ? ' aria-current="page"' : ''}>${LANGUAGE_NAMES[l]}</a></li>`).join('');
  const state = contract ? contractStateOf(contract, now) : null;
  const details = contract ? `<dl>
<div><dt>${t('phone.merchant')}</dt><dd>${escapeHtml(merchant)}</dd></div>
<div><dt>${t('sign.account')}</dt><dd>${escapeHtml(contract.displayAccount)}</dd></div>
</dl><p class="terms">${t('sign.terms', { merchant })}</p>` : '';
  const hidden = `<input type="hidden" name="token" value="${escapeHtml(token)}"><input type="hidden" name="lang" value="${lang}">`;
  const actions = state === 'PENDING'
    ? `<form method="post" action="${SIGN_PATH}">${hidden}
<button type="submit" name="action" value="sign" class="pay">${t('sign.sign')}</button>
<button type="submit" name="action" value="decline" class="fail">${t('sign.decline')}</button></form>`
    : state === 'SIGNED'
      ? `<form method="post" action="${SIGN_PATH}">${hidden}<button type="submit" name="action" value="terminate" class="fail">${t('sign.terminate')}</button></form>`
      : '';
  const statusKey = contract ? STATUS_KEYS[state!] : 'sign.notFound';
  const status = statusKey ? `<p role="status" class="status ${state === 'SIGNED' ? 'ok' : 'ko'}">${t(statusKey)}</p>` : '';
  const back = contract && state !== 'PENDING' ? `<p><a href="${escapeHtml(contract.returnUrl)}">${t('sign.back', { merchant })}</a></p>` : '';
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${t('sign.pageTitle')}</title><link rel="stylesheet" href="${PHONE_PATH}.css"></head>
<body><main><h1>${t('sign.heading')}</h1><p class="note">${t('sign.sandboxNote')}</p>
${details}${status}${actions}${back}
<nav aria-label="${t('phone.language')}"><ul>${languages}</ul></nav></main></body></html>`;
}

/** The form posts here, and signing or declining redirects to the merchant's return page: browsers check both against form-action. */
const pageCsp = (contract: ContractRow | null) => {
  const back = contract ? new URL(contract.returnUrl).origin : '';
  return `default-src 'none'; style-src 'self'; form-action 'self'${back ? ` ${back}` : ''}; base-uri 'none'; frame-ancestors 'none'`;
};

export function signRoutes(app: FastifyInstance, ctx: SandboxContext) {
  app.get(SIGN_PATH, async (request, reply) => {
    const lang = sandboxLanguage(queryParam(request, 'lang') ?? request.headers['accept-language']);
    const token = tokenOf(queryParam(request, 'token'));
    const contract = token ? await contractByToken(ctx.db, token) : null;
    return reply.status(contract ? 200 : 404).type('text/html; charset=utf-8').header('content-security-policy', pageCsp(contract))
      .send(page(lang, token, ctx.merchantName, contract, ctx.clock.now()));
  });

  app.post(SIGN_PATH, async (request, reply) => {
    const form = (request.body ?? {}) as Record<string, string>;
    const lang = sandboxLanguage(form.lang);
    const token = tokenOf(form.token);
    const here = `${SIGN_PATH}?token=${encodeURIComponent(token)}&lang=${lang}`;
    if (!token) return reply.redirect(here, 303);
    if (form.action === 'sign' || form.action === 'decline') {
      const contract = await signFromPhone(ctx.db, ctx.clock, token, form.action);
      if (!contract) return reply.redirect(here, 303);
      request.log.info({ contractCode: contract.contractCode, state: contract.state }, 'wechat contract signing answered');
      // As WeChat does after signing (or declining): back to the merchant's return page.
      return reply.redirect(contract.returnUrl, 303);
    }
    if (form.action === 'terminate') {
      const ended = await terminate(ctx.db, ctx.clock, { signToken: token }, 'USER');
      if (ended) request.log.info({ contractCode: ended.contractCode }, 'wechat contract terminated by the payer');
    }
    // Post/redirect/get: reloading never answers twice.
    return reply.redirect(here, 303);
  });
}
