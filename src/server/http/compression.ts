/**
 * Compressed answers (decision 0024): a JSON, text, HTML, JavaScript, CSS or SVG answer of at least COMPRESS_MIN_BYTES
 * is sent with brotli or gzip, as the client's Accept-Encoding allows (brotli preferred at equal weight), with
 * `Vary: Accept-Encoding`. What is already encoded (the built client's precompressed .br/.gz files, served by
 * @fastify/static), streamed (files), a HEAD, or a 204/304 is left as it is. Brotli at quality 4 and gzip at level 6:
 * for answers made per request, smaller than gzip -9 in about the time of gzip -6; the build's static files are
 * compressed once at the highest settings (clientBuild.ts).
 *
 * An answer the same for everyone (the catalogue: `sendShared(reply, answer)`) is compressed once per encoding, at the
 * highest settings, and kept with the answer.
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

const compressInLine = (body: Buffer, encoding: Encoding, once: boolean): Buffer =>
  encoding === 'br' ? brotliCompressSync(body, once ? BROTLI_ONCE : BROTLI) : gzipSync(body, once ? GZIP_ONCE : GZIP);

export async function compress(body: Buffer, encoding: Encoding, once = false): Promise<Buffer> {
  if (body.length <= IN_LINE_MAX) return compressInLine(body, encoding, once);
  return encoding === 'br' ? brotliAsync(body, once ? BROTLI_ONCE : BROTLI) : gzipAsync(body, once ? GZIP_ONCE : GZIP);
}

/**
 * An answer the same for every client (the catalogue in one language): its bytes, and each encoding compressed once
 * when first asked for, at the highest settings, kept as long as the answer is (by whoever holds this object).
 */
export class SharedAnswer {
  private readonly encoded: Partial<Record<Encoding, Buffer | Promise<Buffer>>> = {};
  constructor(readonly body: Buffer) {}
  /** The compressed bytes: a Buffer once made, a promise while being made (large answers, off the event loop). */
  compressed(encoding: Encoding): Buffer | Promise<Buffer> {
    let kept = this.encoded[encoding];
    if (kept === undefined) {
      if (this.body.length <= IN_LINE_MAX) {
        kept = compressInLine(this.body, encoding, true);
      } else {
        const made = compress(this.body, encoding, true);
        made.then((b) => { this.encoded[encoding] = b; }, () => { delete this.encoded[encoding]; });
        kept = made;
      }
      this.encoded[encoding] = kept;
    }
    return kept;
  }
}

declare module 'fastify' {
  interface FastifyReply {
    /** Set by sendShared: the payload is this answer's body, the same for everyone. */
    sharedAnswer: SharedAnswer | null;
  }
}

/** Sends an answer the same for every client (JSON): compressed once per encoding by the hook below, not per request. */
export function sendShared(reply: FastifyReply, answer: SharedAnswer) {
  reply.sharedAnswer = answer;
  return reply.header('content-type', 'application/json; charset=utf-8').send(answer.body);
}

const isEncodable = (request: FastifyRequest, reply: FastifyReply) =>
  request.method !== 'HEAD' && reply.statusCode !== 204 && reply.statusCode !== 304 && !reply.hasHeader('content-encoding')
  && COMPRESSIBLE.test(String(reply.getHeader('content-type') ?? ''));

/** chooseEncoding of the Accept-Encoding values seen (browsers send a handful), so a header is parsed once. */
const chosen = new Map<string, Encoding | null>();
const CHOSEN_KEPT = 64;
const encodingFor = (acceptEncoding: string | undefined): Encoding | null => {
  if (!acceptEncoding) return null;
  let encoding = chosen.get(acceptEncoding);
  if (encoding === undefined) {
    encoding = chooseEncoding(acceptEncoding);
    if (chosen.size >= CHOSEN_KEPT) chosen.clear();
    chosen.set(acceptEncoding, encoding);
  }
  return encoding;
};

/**
 * Registers the onSend hook; `minBytes` null: compression off. Register it after every hook that changes the payload.
 * A callback hook: an answer left as it is, or compressed in line, goes on without a promise or another turn.
 */
export function compression(app: FastifyInstance, minBytes: number | null) {
  app.decorateReply('sharedAnswer', null);
  if (minBytes === null) return;
  app.addHook('onSend', (request, reply, payload, done) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload);
    if (!isEncodable(request, reply)) return done(null, payload);
    const length = typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length;
    if (length < minBytes) return done(null, payload);
    reply.header('vary', appendVary(reply.getHeader('vary')));
    const encoding = encodingFor(request.headers['accept-encoding']);
    if (!encoding) return done(null, payload);
    const send = (body: Buffer) => {
      reply.header('content-encoding', encoding);
      reply.removeHeader('content-length');
      done(null, body);
    };
    const shared = reply.sharedAnswer;
    const body = shared && shared.body === payload ? shared.compressed(encoding)
      : length <= IN_LINE_MAX ? compressInLine(typeof payload === 'string' ? Buffer.from(payload) : payload, encoding, false)
        : compress(typeof payload === 'string' ? Buffer.from(payload) : payload, encoding);
    if (Buffer.isBuffer(body)) return send(body);
    body.then(send, (e: Error) => done(e));
  });
}

const appendVary = (vary: unknown): string => {
  if (vary === undefined) return 'Accept-Encoding';
  const current = Array.isArray(vary) ? vary.join(', ') : typeof vary === 'string' ? vary : '';
  if (/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(current)) return current;
  return current ? `${current}, Accept-Encoding` : 'Accept-Encoding';
};
