/**
 * The payment providers' sandbox, served on its OWN origin (another port, decision 0005), like Square's Web
 * Payments SDK and WeChat Pay: the SDK script and card form iframe, tokenization, a Square-like Payments API,
 * WeChat Pay Native with its "phone" page and signed notifications. It keeps its state in the sandbox_* tables.
 * The gateway reaches it only through the HTTP clients returned here as `providers`.
 */
import Fastify from 'fastify';
import type { DestinationStream } from 'pino';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { loggerOptions } from '../../http/logging';
import { createSquareClient } from './clients/squareClient';
import { createWechatClient } from './clients/wechatClient';
import { buildBrowserAssets, type BrowserAssets } from './sandbox/browserAssets';
import { cardFormRoutes } from './sandbox/cardFormRoutes';
import { controlRoutes } from './sandbox/controlRoutes';
import { newCredentials, type SandboxCredentials } from './sandbox/credentials';
import type { SandboxContext } from './sandbox/context';
import { baseHeaders, keepRawJson, notFoundAsGateway } from './sandbox/http';
import { phoneRoutes } from './sandbox/phoneRoutes';
import { squareRoutes } from './sandbox/squareRoutes';
import { tokenizeRoute } from './sandbox/tokenizeRoute';
import { DEFAULT_NOTIFIER, createNotifier, type NotifierOptions } from './sandbox/wechatNotifier';
import { wechatRoutes } from './sandbox/wechatRoutes';
import { wechatContractRoutes } from './sandbox/wechatContractRoutes';
import { signRoutes } from './sandbox/signRoutes';
import { fillMissingFingerprints } from './sandbox/fingerprints';
import type { PaymentProviders } from './types';

export { sandboxSeedCard } from './sandbox/cardsOnFile';
export { TEST_CARDS, TEST_NONCES } from './testValues';

export interface PaymentSandbox {
  /** Where the gateway calls it (server to server, loopback). */
  url: string;
  /** Where browsers reach it (PAYMENTS_ORIGIN). */
  browserOrigin: string;
  providers: PaymentProviders;
  close(): Promise<void>;
}

export interface PaymentSandboxOptions {
  db: Db;
  clock: Clock;
  /** 0: any free port. */
  port: number;
  /** Address to listen on; default 127.0.0.1. */
  host?: string;
  /** WeChat Pay notifications: copies, delay, and whether a timer sends them (tests: `auto: false`). */
  notifications?: Partial<NotifierOptions>;
  logLevel?: string;
  logStream?: DestinationStream;
  credentials?: SandboxCredentials;
  merchantName?: string;
  /**
   * This sandbox's origin as browsers reach it (PAYMENTS_ORIGIN); default http://<browserHost>:<port>, or
   * http://localhost:<port> without one (decision 0013).
   */
  browserOrigin?: string;
  /**
   * Without browserOrigin: the host name browsers reach the storefront by (PUBLIC_ORIGIN's), so that the card form is
   * served from the storefront's own host at this sandbox's port (decision 0013).
   */
  browserHost?: string;
  /** The storefront origins allowed to frame the card form (PUBLIC_ORIGIN), read on each request; without them, none is. */
  merchantOrigins?: () => string[];
}

export const DEFAULT_MERCHANT_NAME = 'LinkBridge Mobile';

export async function startPaymentSandbox(opts: PaymentSandboxOptions): Promise<PaymentSandbox> {
  const credentials = opts.credentials ?? newCredentials();
  const app = Fastify({ logger: loggerOptions(opts.logLevel ?? 'warn', opts.logStream), bodyLimit: 16 * 1024, return503OnClosing: true });
  keepRawJson(app);
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  baseHeaders(app);

  // Bundled when the SDK or the card form is first asked for: start-up does not pay for esbuild (decision 0024).
  let assets: Promise<BrowserAssets> | null = null;
  const bundled = () => {
    if (!assets) {
      assets = buildBrowserAssets();
      assets.catch((err: unknown) => app.log.error({ err }, 'payment sandbox: bundling the browser scripts failed'));
    }
    return assets;
  };
  const notifier = createNotifier({
    db: opts.db, clock: opts.clock, credentials: credentials.wechat, log: app.log,
    options: { ...DEFAULT_NOTIFIER, ...opts.notifications },
  });
  // Known once listening (below); routes read it per request, and no request is served before that.
  let browserOrigin = '';
  const ctx: SandboxContext = {
    db: opts.db, clock: opts.clock, credentials, notifier, get assets() { return bundled(); }, merchantName: opts.merchantName ?? DEFAULT_MERCHANT_NAME,
    get browserOrigin() { return browserOrigin; },
    merchantOrigins: opts.merchantOrigins ?? (() => []),
  };
  notFoundAsGateway(app);

  cardFormRoutes(app, ctx);
  tokenizeRoute(app, ctx);
  squareRoutes(app, ctx);
  wechatRoutes(app, ctx);
  phoneRoutes(app, ctx);
  // WeChat Pay papay contracts (decision 0046): the merchant's API and the payer's signing page.
  wechatContractRoutes(app, ctx);
  signRoutes(app, ctx);
  controlRoutes(app, ctx);

  // Cards kept before the sandbox made fingerprints get theirs (decision 0043).
  await fillMissingFingerprints(opts.db);

  const host = opts.host ?? '127.0.0.1';
  await app.listen({ port: opts.port, host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : opts.port;
  // Server to server, the sandbox is reached on loopback whatever address it listens on.
  const callHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  const url = `http://${callHost}:${port}`;
  // Browsers reach it at the configured origin; without one, on the storefront's host, or, listening on every address,
  // by the name people type.
  browserOrigin = opts.browserOrigin
    ?? `http://${opts.browserHost ?? (host === '0.0.0.0' || host === '::' ? 'localhost' : callHost)}:${port}`;
  await notifier.recover();

  return {
    url,
    browserOrigin,
    providers: {
      card: createSquareClient({ baseUrl: url, credentials: credentials.square, browserOrigin }),
      wechat: createWechatClient({ baseUrl: url, credentials: credentials.wechat, clock: opts.clock, browserOrigin }),
    },
    close: async () => {
      await notifier.stop();
      await app.close();
    },
  };
}
