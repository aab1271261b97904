/** Environment of `npm start`, validated once at start-up; a bad value stops the process with a readable list. */
import { isIP } from 'node:net';
import { z } from 'zod';

const flag = z.enum(['0', '1']).optional();

/** A proxy of TRUST_PROXY's list: an IP, a CIDR range, or a name proxy-addr knows. */
const isProxyAddress = (item: string) => {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(item)) return true;
  const [address = '', bits, ...rest] = item.split('/');
  const version = isIP(address);
  if (!version || rest.length > 0) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128));
};

/**
 * An origin a browser uses (scheme, host, optional port): every URL, CSP source and frame ancestor the gateway writes is
 * taken from one of these, never from the request's Host, X-Forwarded-Host or a query parameter (decision 0013).
 */
export const originSchema = z.string().trim().transform((value, ctx) => {
  let url: URL | null = null;
  try { url = new URL(value); } catch { /* reported below */ }
  if (!url || !['http:', 'https:'].includes(url.protocol) || url.username || url.password
    || url.pathname !== '/' || url.search || url.hash || /[/?#]./.test(value.replace(/^https?:\/\//, ''))) {
    ctx.addIssue({ code: 'custom', message: 'must be an origin: http:// or https://, a host and an optional port, nothing after it (e.g. https://shop.example.com)' });
    return z.NEVER;
  }
  return url.origin;
});

export const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://').optional(),
  NODE_ENV: z.enum(['development', 'production', 'test']).optional(),
  SANDBOX: flag,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Secret mixed into code hashes (SMS, tracking, SIM activation codes) and order tokens. With DATABASE_URL it is
   * required and must be the same on every instance: a random one per process would make SIM activation codes sold
   * before a restart, or by another instance, unverifiable (decision 0007). Without it, PGlite keeps one in DATA_DIR.
   */
  CODE_PEPPER: z.string().min(16, 'must be at least 16 characters').optional(),
  HOST: z.string().min(1).default('0.0.0.0'),
  /** Port of the payment providers' sandbox (its own origin: card form, payments API, WeChat phone). Default PORT + 1. */
  PAYMENTS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** Logistics sandbox: seconds from a paid order to its parcel shipping. */
  SHIP_DELAY_SECONDS: z.coerce.number().int().min(0).max(30 * 86_400).default(120),
  /** Network sandbox: seconds from an activation to its line being provisioned. */
  NETWORK_DELAY_SECONDS: z.coerce.number().int().min(0).max(2 * 86_400).default(5),
  /** Network sandbox: seconds before the losing carrier answers a port-in request or its correction. */
  PORT_DELAY_SECONDS: z.coerce.number().int().min(0).max(2 * 86_400).default(15),
  /** Network sandbox: China virtual numbers in the partner's inventory (issue 16). */
  CHINA_NUMBER_POOL: z.coerce.number().int().min(0).max(100_000).default(200),
  /** WeChat Pay sandbox: how many times each payment notification is delivered (the real one may send it twice). */
  WECHAT_NOTIFY_COPIES: z.coerce.number().int().min(1).max(10).default(2),
  /** WeChat Pay sandbox: seconds between the phone paying and the first notification (a late one). */
  WECHAT_NOTIFY_DELAY_SECONDS: z.coerce.number().int().min(0).max(86_400).default(0),
  /** The coarse per-IP guard on API routes: requests per minute from one address. */
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(600),
  /** Connections of the pool to DATABASE_URL (PostgreSQL; PGlite is one connection in process). Decision 0024. */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /** Answers of at least this many bytes are sent compressed (brotli or gzip); `off`: never. Decision 0024. */
  COMPRESS_MIN_BYTES: z.union([z.literal('off'), z.coerce.number().int().min(0).max(10_000_000)]).default(1024)
    .transform((v) => (v === 'off' ? null : v)),
  /** Jobs (fulfilment, emails, provisioning) this gateway runs at once; the runner's default when unset (decision 0014). */
  JOB_CONCURRENCY: z.coerce.number().int().min(1).max(32).optional(),
  // ---- origins and the session (decision 0013) ----
  /** The storefront and gateway as customers' browsers reach them. Default http://localhost:<PORT>. */
  PUBLIC_ORIGIN: originSchema.optional(),
  /**
   * The payment providers' sandbox as browsers reach it (its own origin, decision 0005). Default
   * http://<PUBLIC_ORIGIN's host>:<PAYMENTS_PORT> (http://localhost:<PAYMENTS_PORT> while PUBLIC_ORIGIN is unset).
   */
  PAYMENTS_ORIGIN: originSchema.optional(),
  /** Strict-Transport-Security max-age (seconds), sent when PUBLIC_ORIGIN is https; 0 sends none. */
  HSTS_MAX_AGE: z.coerce.number().int().min(0).max(63_072_000).default(31_536_000),
  // ---- shared limits and the client's IP (decision 0015) ----
  /** Limits count in this Redis instead of the database (shared by every gateway using it). */
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'must start with redis:// or rediss://').optional(),
  /**
   * The proxies in front of the gateway, through which X-Forwarded-For names the client: a number of hops (every
   * request must then come through them), or the proxies' addresses, comma-separated. 0: none (the default).
   */
  TRUST_PROXY: z.string().trim().default('0').refine(
    (v) => /^\d{1,2}$/.test(v) || v.split(',').every((item) => isProxyAddress(item.trim())),
    'must be a number of proxy hops, or proxy addresses (IPs, CIDR ranges, loopback, linklocal, uniquelocal), comma-separated',
  ).transform((v): number | string => (/^\d{1,2}$/.test(v) ? Number(v) : v.split(',').map((item) => item.trim()).join(','))),
}).superRefine((env, ctx) => {
  if (env.PUBLIC_ORIGIN && env.PAYMENTS_ORIGIN && env.PUBLIC_ORIGIN === env.PAYMENTS_ORIGIN) {
    ctx.addIssue({ code: 'custom', path: ['PAYMENTS_ORIGIN'], message: 'must differ from PUBLIC_ORIGIN: the card form runs on an origin of its own (decision 0005)' });
  }
  if (env.PUBLIC_ORIGIN?.startsWith('https:') && !env.PAYMENTS_ORIGIN) {
    ctx.addIssue({ code: 'custom', path: ['PAYMENTS_ORIGIN'], message: 'required when PUBLIC_ORIGIN is https: the https origin browsers reach the card form at (its default would be plain http, which browsers block inside an https page)' });
  }
  if (env.PUBLIC_ORIGIN?.startsWith('https:') && env.PAYMENTS_ORIGIN?.startsWith('http:')) {
    ctx.addIssue({ code: 'custom', path: ['PAYMENTS_ORIGIN'], message: 'must be https:// when PUBLIC_ORIGIN is: browsers block an http card form inside an https page' });
  }
  if (env.DATABASE_URL && !env.CODE_PEPPER) {
    ctx.addIssue({
      code: 'custom', path: ['CODE_PEPPER'],
      message: 'required with DATABASE_URL: set the same secret (16+ characters) on every gateway sharing the database',
    });
  }
});
export type Env = z.infer<typeof envSchema>;

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid environment:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'EnvError';
  }
}

const blankToUndefined = (source: NodeJS.ProcessEnv) =>
  Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));

export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema.safeParse(blankToUndefined(source));
  if (parsed.success) return parsed.data;
  throw new EnvError(parsed.error.issues.map((i) => `${i.path.join('.') || 'env'}: ${i.message}`));
}

/** Sandbox pages and endpoints: on unless NODE_ENV=production; SANDBOX=1/0 forces them. */
export const sandboxEnabled = (env: Pick<Env, 'NODE_ENV' | 'SANDBOX'>): boolean =>
  env.SANDBOX === '1' ? true : env.SANDBOX === '0' ? false : env.NODE_ENV !== 'production';
