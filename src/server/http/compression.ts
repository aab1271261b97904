/**
 * Compressed answers (decision 0024): a JSON, text, HTML, JavaScript, CSS or SVG answer of at least COMPRESS_MIN_BYTES
 * is sent with brotli or gzip, as the client's Accept-Encoding allows (brotli preferred at equal weight), with
 * `Vary: Accept-Encoding`. What is already encoded (the built client's precompressed .br/.gz files, served by
 * @fastify/static), streamed (files), a HEAD, or a 204/304 is left as it is. Brotli at quality 4 and gzip at level 6:
 * for answers made per request, smaller than gzip -9 in about the time of gzip -6; the build's static files are
 * compressed once at the highest settings (clientBuild.ts).
 *
 * An answer the same for everyone (the catalogue: `shareCompressed(reply)`) is compressed once per encoding, at the
 * highest settings, and kept.
 */
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import { promisify } from 'node:util';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export const DEFAULT_COMPRESS_MIN_BYTES = 1024;

export type Encoding = 'br' | 'gzip';

const COMPRESSIBLE = /^(application\/(json|javascript|xml|manifest\+json)|text\/|image\/svg\+xml)/i;
const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };
const GZIP = { level: 6 };
/** Larger answers are compressed off the event loop (libuv's thread pool); smaller ones are quicker in line. */
const IN_LINE_MAX = 32 * 1024;
const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * The encoding to answer with, from Accept-Encoding: the acceptable (q > 0) of br and gzip with the highest weight,
 * brotli on a tie; `*` stands for any not named; null: none (identity).
 */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (encoding: Encoding) => weights.get(encoding) ?? weights.get('*') ?? 0;
  const br = weightOf('br');
  const gz = weightOf('gzip');
  if (br <= 0 && gz <= 0) return null;
  return br >= gz ? 'br' : 'gzip';
}

/** Compressed once and kept: worth the highest settings (as the build's static files). */
const BROTLI_ONCE = { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } };
const GZIP_ONCE = { level: 9 };

export async function compress(body: Buffer, encoding: Encoding, once = false): Promise<Buffer> {
  const brotli = once ? BROTLI_ONCE : BROTLI;
  const gz = once ? GZIP_ONCE : GZIP;
  if (body.length <= IN_LINE_MAX) return encoding === 'br' ? brotliCompressSync(body, brotli) : gzipSync(body, gz);
  return encoding === 'br' ? brotliAsync(body, brotli) : gzipAsync(body, gz);
}

/** Answers the same for every client: compressed once per encoding (the last few such answers are kept). */
const shared = new WeakSet<FastifyReply>();
export const shareCompressed = (reply: FastifyReply) => { shared.add(reply); };
const SHARED_KEPT = 32;
const sharedCache: Record<Encoding, Map<string, Promise<Buffer>>> = { br: new Map(), gzip: new Map() };

function compressShared(payload: string, encoding: Encoding): Promise<Buffer> {
  const kept = sharedCache[encoding];
  let hit = kept.get(payload);
  if (hit) return hit;
  hit = compress(Buffer.from(payload), encoding, true);
  if (kept.size >= SHARED_KEPT) kept.delete(kept.keys().next().value!);
  kept.set(payload, hit);
  hit.catch(() => kept.delete(payload));
  return hit;
}

const isEncodable = (request: FastifyRequest, reply: FastifyReply) =>
  request.method !== 'HEAD' && reply.statusCode !== 204 && reply.statusCode !== 304 && !reply.hasHeader('content-encoding')
  && COMPRESSIBLE.test(String(reply.getHeader('content-type') ?? ''));

/** Registers the onSend hook; `minBytes` null: compression off. Register it after every hook that changes the payload. */
export function compression(app: FastifyInstance, minBytes: number | null) {
  if (minBytes === null) return;
  app.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (!isEncodable(request, reply)) return payload;
    const length = typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length;
    if (length < minBytes) return payload;
    reply.header('vary', appendVary(reply.getHeader('vary')));
    const encoding = chooseEncoding(request.headers['accept-encoding']);
    if (!encoding) return payload;
    const body = typeof payload === 'string' && shared.has(reply)
      ? await compressShared(payload, encoding)
      : await compress(typeof payload === 'string' ? Buffer.from(payload) : payload, encoding);
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    return body;
  });
}

const appendVary = (vary: unknown): string => {
  const current = Array.isArray(vary) ? vary.join(', ') : typeof vary === 'string' ? vary : '';
  if (/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(current)) return current;
  return current ? `${current}, Accept-Encoding` : 'Accept-Encoding';
};
