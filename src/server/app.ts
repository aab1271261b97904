/**
 * The gateway as a Fastify instance: contract routes, the envelope, translated errors, security headers,
 * logs without secrets, the sandbox, and (when a built client is given) the app with an SPA fallback.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { Clock } from './clock';
import type { Db, Listen } from './db/database';
import type { MessagesAdapter } from './adapters/messages';
import type { Deps, GatewayConfig } from './context';
import type { Adapters } from './adapters';
import { startJobRunner } from './jobs/runner';
import { GatewayError } from './http/errors';
import { appPages } from './http/html';
import { requestLanguage } from './http/language';
import { loggerOptions, OneLinePerRequest } from './http/logging';
import { clientErrorHandler, frameworkErrors, refusal } from './http/refusals';
import { isApiPath, securityHeaders } from './http/security';
import { compression, DEFAULT_COMPRESS_MIN_BYTES } from './http/compression';
import { t } from './i18n';
import { createLimits } from './limits';
// Each area registers its own routes (src/server/<area>/index.ts).
import { captchaRoutes, loginRoutes, oauthRoutes, personalRoutes, profileRoutes } from './accounts';
import { activationRoutes } from './activation';
import { lineOrderRoutes } from './business';
import { catalogRoutes } from './catalog';
import { orderRoutes } from './orders';
import { paymentRoutes } from './payments';
import { portalRoutes } from './portal';
import { moneyRoutes } from './money';
import { dualRoutes } from './dual';
import { staffRoutes } from './staff';
import { simSecurityRoutes } from './simSecurity';
import { replacementRoutes } from './replacement';
import { protectRoutes } from './protect';
import { referralRoutes } from './referral';
import { enquiryRoutes } from './enquiries';
import { studentRoutes } from './students';
import { sandboxRoutes } from './sandbox';
import { trackingRoutes } from './tracking';
import { usageRoutes } from './usage';
import { planRoutes } from './plan';
import { phoneCheckRoutes } from './phoneCheck';
import { placesRoutes } from './places';
import { campaignRoutes } from './campaigns';
import { welfareRoutes } from './welfare';
import { wechatSigningRoutes } from './wechatSigning';

export interface BuildAppOptions {
  db: Db;
  clock: Clock;
  messages: MessagesAdapter;
  config: GatewayConfig;
  adapters: Adapters;
  /** The database's LISTEN: the job runner wakes when any gateway on the database enqueues a job (decision 0014). */
  listen?: Listen;
}

export type GatewayApp = FastifyInstance & { deps: Deps };

/**
 * TRUST_PROXY as Fastify reads it. A number of hops n: the client is the address n hops back in X-Forwarded-For
 * (Fastify's own number option trusts nothing, since it cannot tell a proxy from a client: with hops, every request
 * must come through those proxies). Addresses (a list): X-Forwarded-For is read back through those proxies only.
 */
const trustProxyOption = (trust: GatewayConfig['trustProxy']) =>
  typeof trust === 'number' ? (trust > 0 ? (_address: string, hop: number) => hop < trust : false) : trust ?? false;

export async function buildApp({ db, clock, messages, config, adapters, listen }: BuildAppOptions): Promise<GatewayApp> {
  const app = Fastify({
    logger: loggerOptions(config.logLevel ?? 'info', config.logStream),
    logController: new OneLinePerRequest(),
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 64 * 1024,
    return503OnClosing: true,
    frameworkErrors,
    clientErrorHandler,
  });
  const limits = await createLimits({ db, clock, redisUrl: config.redisUrl, redisKeyPrefix: config.redisKeyPrefix, log: app.log });
  app.addHook('onClose', async () => { await limits.close(); });
  const deps: Deps = { db, clock, messages, config, ...adapters, limits, sandboxCaptchas: config.sandbox ? new Map() : null, log: app.log };
  app.decorate('deps', deps);
  let ready = false;
  let jobRunner: { stop(): Promise<void> } | null = null;
  app.addHook('onReady', async () => {
    if ((config.jobs ?? 'auto') === 'auto') jobRunner = startJobRunner(deps, { log: app.log, concurrency: config.jobConcurrency, listen });
    ready = true;
  });
  app.addHook('preClose', async () => { ready = false; await jobRunner?.stop(); });
  app.addHook('onListen', async () => {
    const address = app.server.address();
    if (!config.publicOrigin && address && typeof address === 'object') {
      config.publicOrigin = `http://localhost:${address.port}`;
      config.publicOriginAliases = [`http://127.0.0.1:${address.port}`, `http://[::1]:${address.port}`];
    }
  });

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  securityHeaders(app, () => config);
  // The last onSend hook: it compresses the payload the others have finished.
  compression(app, config.compressMinBytes === undefined ? DEFAULT_COMPRESS_MIN_BYTES : config.compressMinBytes);

  app.setErrorHandler((error: FastifyError | GatewayError, request, reply) => {
    const lang = requestLanguage(request);
    if (error instanceof GatewayError) {
      const { message, messageKey, vars, headers, data } = error.options;
      if (headers) reply.headers(headers);
      const text = message ?? t(lang, messageKey ?? `errors:code.${error.code}`, vars);
      return reply.status(error.status).send(data ? { code: error.code, message: text, data } : { code: error.code, message: text });
    }
    const status = error.statusCode ?? 500;
    // Malformed JSON, unsupported media type, body too large: the client's fault, answered without details.
    if (status >= 400 && status < 500) return reply.status(status).send(refusal(lang, status));
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ code: 'serverError', message: t(lang, 'errors:code.serverError') });
  });

  app.get('/healthz', async (_request, reply) => (ready ? { status: 'ok' } : reply.status(503).send({ status: 'starting' })));

  catalogRoutes(app, deps);
  captchaRoutes(app, deps);
  loginRoutes(app, deps);
  oauthRoutes(app, deps);
  personalRoutes(app, deps);
  portalRoutes(app, deps);
  profileRoutes(app, deps);
  orderRoutes(app, deps);
  paymentRoutes(app, deps);
  moneyRoutes(app, deps);
  lineOrderRoutes(app, deps);
  trackingRoutes(app, deps);
  usageRoutes(app, deps);
  planRoutes(app, deps);
  phoneCheckRoutes(app, deps);
  placesRoutes(app, deps);
  activationRoutes(app, deps);
  dualRoutes(app, deps);
  staffRoutes(app, deps);
  campaignRoutes(app, deps);
  welfareRoutes(app, deps);
  wechatSigningRoutes(app, deps);
  simSecurityRoutes(app, deps);
  replacementRoutes(app, deps);
  protectRoutes(app, deps);
  referralRoutes(app, deps);
  enquiryRoutes(app, deps);
  studentRoutes(app, deps);
  sandboxRoutes(app, deps);

  const staticDir = config.staticDir && existsSync(join(config.staticDir, 'index.html')) ? config.staticDir : null;
  // The app's pages (decision 0022): public ones rendered by the client's server build beside dist/client, the rest index.html.
  const pages = staticDir ? appPages({ staticDir, serverDir: join(staticDir, '..', 'ssr'), log: app.log }) : null;
  if (pages) {
    app.addHook('onListen', async () => {
      const address = app.server.address();
      if (!address || typeof address !== 'object') return;
      const host = address.address === '0.0.0.0' ? '127.0.0.1' : address.address === '::' ? '::1' : address.address;
      pages.start(`http://${host.includes(':') ? `[${host}]` : host}:${address.port}`);
    });
  }
  if (staticDir) {
    await app.register(fastifyStatic, {
      root: staticDir,
      preCompressed: true,
      // "/" is a page like the others (the not-found handler below), not the file index.html.
      index: false,
      cacheControl: false,
      setHeaders: (reply, path) => {
        reply.header('cache-control', /[\\/]assets[\\/]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  // The static files answer a directory with 403: the home page is the app's.
  if (pages) app.get('/', (request, reply) => pages.answer(request, reply));

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0]!;
    const lastSegment = path.split('/').pop() ?? '';
    const spa = staticDir && (request.method === 'GET' || request.method === 'HEAD') && !isApiPath(path) && !lastSegment.includes('.');
    if (spa && pages) return pages.answer(request, reply);
    const lang = requestLanguage(request);
    return reply.status(404).send({ code: 'notFound', message: t(lang, 'errors:code.notFound') });
  });

  return app as unknown as GatewayApp;
}
