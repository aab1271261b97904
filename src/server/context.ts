import type { DestinationStream } from 'pino';
import type { Db } from './db/database';
import type { Clock } from './clock';
import type { MessagesAdapter } from './adapters/messages';
import type { Adapters } from './adapters';
import type { Limits } from './limits';

export interface GatewayConfig {
  /** Sandbox pages and endpoints (/sandbox/*), the inbox text on the console and the captcha answer lookup. */
  sandbox: boolean;
  /** Secret mixed into SMS-code hashes. */
  codePepper: string;
  logLevel?: string;
  /** Where the JSON logs go (tests capture them); stdout by default. */
  logStream?: DestinationStream;
  /** The built client to serve with an SPA fallback; null or absent: API only. */
  staticDir?: string | null;
  /** Coarse per-IP guard on API routes (requests per minute). */
  rateLimitPerMinute?: number;
  /**
   * The proxies in front of the gateway (TRUST_PROXY), through which X-Forwarded-For names the client's IP: a number
   * of hops, or their addresses (comma-separated IPs, CIDR ranges, loopback, linklocal, uniquelocal). 0 or false: none,
   * the connection's address is the client. Tests use true (any hop) to name their clients.
   */
  trustProxy?: boolean | number | string;
  /** Limits count in this Redis (REDIS_URL) instead of the database. */
  redisUrl?: string;
  /** Prepended to the limits' Redis keys (tests give each server its own). */
  redisKeyPrefix?: string;
  /** The gateway's own base URL as providers reach it (WeChat Pay notify_url). Default: the listening address. */
  publicUrl?: string;
  /**
   * The storefront and gateway as customers' browsers reach them (PUBLIC_ORIGIN): links in emails, the only page the
   * card form may be framed by, the Origin a cookie-authenticated change must come from, Secure cookies and HSTS when
   * https. Default http://localhost:<listening port>. Never taken from a request (decision 0013).
   */
  publicOrigin?: string;
  /**
   * Other origins the same storefront is reached at, accepted like publicOrigin for the card form's parent and a
   * cookie-authenticated change's Origin: only when PUBLIC_ORIGIN is not configured, the loopback aliases of the
   * default (http://127.0.0.1:<port>, http://[::1]:<port>), so someone trying `npm start` at either address can pay.
   */
  publicOriginAliases?: string[];
  /** The payment providers' sandbox as browsers reach it (PAYMENTS_ORIGIN): pay/config's SDK URL, the CSP's script-src and frame-src. */
  paymentsOrigin?: string;
  /**
   * Answers of at least this many bytes (JSON, text, HTML, JS, CSS, SVG) are sent compressed with brotli or gzip as the
   * client accepts (COMPRESS_MIN_BYTES, default 1024); null: never (decision 0024).
   */
  compressMinBytes?: number | null;
  /** Strict-Transport-Security max-age in seconds when publicOrigin is https (HSTS_MAX_AGE); 0: no header. */
  hstsMaxAge?: number;
  /** Jobs (fulfilment, shipping, reconciliation): 'auto' runs them as they fall due; 'manual' leaves it to tests. */
  jobs?: 'auto' | 'manual';
  /** 'auto' jobs: how many run at once in this process (decision 0014). */
  jobConcurrency?: number;
  /** Logistics sandbox: how long after the order a parcel ships (ms). */
  shipDelayMs?: number;
  /** Network sandbox: how long provisioning a line takes (ms). */
  networkDelayMs?: number;
  /** Network sandbox: how long the losing carrier takes to answer a port-in or its correction (ms). */
  portDelayMs?: number;
  /** Network sandbox: how many China virtual numbers the partner's inventory has (CHINA_NUMBER_POOL, issue 16). */
  chinaNumberPool?: number;
  /**
   * Tests only (never set by npm start): named points where a test makes the gateway fail, to prove recovery.
   * afterProviderCharge runs after the card provider answered a charge and before the gateway records it.
   */
  faults?: { afterProviderCharge?: () => void | Promise<void> };
}

/** What services need: the database, the clock, the messages adapter and the configuration. */
export interface Deps extends Adapters {
  db: Db;
  clock: Clock;
  messages: MessagesAdapter;
  config: GatewayConfig;
  /** Every limit (tries, sends, requests) is taken here: src/server/limits. */
  limits: Limits;
  /** Sandbox only: captcha token → answer, in memory, so automated tests can pass the captcha. */
  sandboxCaptchas: Map<string, { answer: string; expiresAt: number }> | null;
  /** The gateway's logger, for work that must not fail its caller but must not go unnoticed either. */
  log?: { warn(details: object, message: string): void; error(details: object, message: string): void };
}

/** The origins the storefront is reached at: PUBLIC_ORIGIN, or by default localhost and its loopback aliases. */
export const storefrontOrigins = (config: Pick<GatewayConfig, 'publicOrigin' | 'publicOriginAliases'>): string[] =>
  config.publicOrigin ? [config.publicOrigin, ...(config.publicOriginAliases ?? [])] : [];
