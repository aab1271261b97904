/**
 * The app's HTML (decision 0022): a public page the route table flags `prerender` is answered rendered, in the
 * visitor's language, by the server-rendering build of the client (dist/ssr/entry-server.js); any other page of
 * the app is the built index.html, which the browser renders. Without that build (a gateway run without the client,
 * or tests), every page is index.html as before.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LANGUAGE_COOKIE, cookieValue, pageLanguage, type Language } from '../../../i18n/languages';
import { SESSION_HINT_COOKIE } from '../../contract/sessionCookies';

/** Text written into HTML (a page, an email, an attribute): the five characters that could end it, escaped. */
export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** JSON inside <script type="application/json">: nothing in it can close the element or start a comment. */
export const jsonForScript = (value: unknown) =>
  JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

/** What the server-rendering entry exports (src/app/entry-server.tsx), as far as the gateway reads it. */
interface PageRenderer {
  render(request: { url: string; language: Language; loggedIn: boolean }): Promise<
    | { kind: 'page'; status: number; language: Language; title: string; description: string; html: string; state: unknown }
    | { kind: 'redirect'; status: number; location: string }
    | { kind: 'browser' }
  >;
}
interface RenderEntry {
  createPageRenderer(opts: { gatewayOrigin: string }): Promise<PageRenderer>;
}

const header = (request: FastifyRequest, name: string): string | undefined => {
  const v = request.headers[name];
  return Array.isArray(v) ? v.join(',') : v;
};

/**
 * The page's language by the rule the browser follows (i18n/languages.ts pageLanguage): `?lang=`, then the language
 * chosen in this browser session (the `lang` cookie the app keeps beside its session key), then Accept-Language.
 */
export function pageLanguageOf(request: FastifyRequest): Language {
  const query = request.url.includes('?') ? new URLSearchParams(request.url.slice(request.url.indexOf('?') + 1)) : null;
  const cookies = header(request, 'cookie');
  return pageLanguage({ linked: query?.get('lang'), chosen: cookieValue(cookies, LANGUAGE_COOKIE), browser: header(request, 'accept-language') });
}

/** A session is open when the readable `Logged-In` marker is there (decision 0013); it authenticates nothing. */
export const sessionOpen = (request: FastifyRequest): boolean => Boolean(cookieValue(header(request, 'cookie'), SESSION_HINT_COOKIE));

/**
 * The built index.html with the rendered page in its root, its language, title and description, and the state to
 * hydrate. The page paints from its HTML and CSS: its scripts (which make it interactive) are fetched at low
 * priority, so the browser puts the stylesheet first and nothing that paints waits for them.
 */
export function pageHtml(template: string, page: { language: Language; title: string; description: string; html: string; state: unknown }): string {
  return template
    .replace(/<script type="module" /g, '<script type="module" fetchpriority="low" ')
    .replace(/<link rel="modulepreload" /g, '<link rel="modulepreload" fetchpriority="low" ')
    .replace(/<html lang="[^"]*"/, `<html lang="${page.language}"`)
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)}</title>`)
    .replace(/<meta name="description" content="[^"]*"/, `<meta name="description" content="${escapeHtml(page.description)}"`)
    .replace('<div id="root"></div>', () => `<div id="root">${page.html}</div><script type="application/json" id="prerendered">${jsonForScript(page.state)}</script>`);
}

type Encoding = 'br' | 'gzip' | 'identity';

/** The best encoding the browser accepts (brotli, gzip, none). */
const encodingFor = (request: FastifyRequest): Encoding => {
  const accepted = header(request, 'accept-encoding') ?? '';
  return /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : 'identity';
};

const encode = (body: string, encoding: Encoding): string | Buffer =>
  encoding === 'br' ? brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } })
    : encoding === 'gzip' ? gzipSync(body, { level: 6 }) : body;

export interface AppPages {
  /** Answers a GET of an app page (not the API, not a file): rendered when the route is prerendered, else index.html. */
  answer(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
  /** Starts the renderer now that the gateway listens (its loaders call the gateway at `gatewayOrigin`). */
  start(gatewayOrigin: string): void;
}

export function appPages({ staticDir, serverDir, log }: { staticDir: string; serverDir: string; log: { error(o: object, m: string): void } }): AppPages {
  const entry = join(serverDir, 'entry-server.js');
  let renderer: Promise<PageRenderer | null> | null = null;
  let template: string | null = null;
  // The renderer answers the same object for a page it has already rendered: its bytes are kept with it.
  const bodies = new WeakMap<object, Partial<Record<Encoding, string | Buffer>>>();

  const shell = (reply: FastifyReply) => reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html');

  return {
    start(gatewayOrigin) {
      if (renderer || !existsSync(entry)) return;
      renderer = (import(pathToFileURL(entry).href) as Promise<RenderEntry>)
        .then((m) => m.createPageRenderer({ gatewayOrigin }))
        .catch((err: unknown) => {
          log.error({ err }, 'the server rendering of the public pages failed to start: the browser renders them');
          return null;
        });
    },
    async answer(request, reply) {
      const pages = renderer ? await renderer : null;
      if (!pages) return shell(reply);
      const language = pageLanguageOf(request);
      let page;
      try {
        page = await pages.render({ url: request.url, language, loggedIn: sessionOpen(request) });
      } catch (err) {
        request.log.error({ err }, 'rendering a page failed: the browser renders it');
        return shell(reply);
      }
      if (page.kind === 'browser') return shell(reply);
      if (page.kind === 'redirect') return reply.header('cache-control', 'no-cache').redirect(page.location, page.status);
      template ??= readFileSync(join(staticDir, 'index.html'), 'utf8');
      const encoding = encodingFor(request);
      const known = bodies.get(page) ?? {};
      const body = known[encoding] ?? encode(pageHtml(template, page), encoding);
      bodies.set(page, { ...known, [encoding]: body });
      if (encoding !== 'identity') reply.header('content-encoding', encoding);
      return reply
        .status(page.status)
        .header('cache-control', 'no-cache')
        .header('vary', 'Cookie, Accept-Language, Accept-Encoding')
        .header('content-language', page.language)
        .type('text/html; charset=utf-8')
        .send(body);
    },
  };
}
