import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseEncoding } from '../../src/server/http/compression';
import { startTestServer, testDatabases, type TestServer } from '../support/server';

interface Raw { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }

/** node:http, so the answer's bytes are seen as sent (fetch would decode them) and Accept-Encoding is ours alone. */
function raw(base: string, path: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(new URL(path, base), { method: init.method ?? 'GET', headers: init.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end(init.body);
  });
}

const decoded = (answer: Raw): Buffer => {
  const encoding = answer.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(answer.body);
  if (encoding === 'gzip') return gunzipSync(answer.body);
  expect(encoding).toBeUndefined();
  return answer.body;
};

const BUNDLE_LIST = '/gateway/pcapp/api/v1/order/bundleList';

describe('Accept-Encoding', () => {
  it('picks brotli or gzip by weight, brotli on a tie, nothing when neither is acceptable', () => {
    expect(chooseEncoding(undefined)).toBeNull();
    expect(chooseEncoding('')).toBeNull();
    expect(chooseEncoding('identity')).toBeNull();
    expect(chooseEncoding('gzip, deflate, br')).toBe('br');
    expect(chooseEncoding('gzip, deflate')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip')).toBe('gzip');
    expect(chooseEncoding('br;q=0.5, gzip;q=0.8')).toBe('gzip');
    expect(chooseEncoding('BR;Q=1, GZIP;q=0.1')).toBe('br');
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('*;q=0')).toBeNull();
    expect(chooseEncoding('gzip;q=0, *;q=0.2')).toBe('br');
    expect(chooseEncoding('br;q=oops, gzip')).toBe('gzip');
  });
});

describe.each(testDatabases({ postgres: false, because: 'the encoding of answers: the database is not involved' }))('compressed answers on %s', (_name, databaseUrl) => {
  let server: TestServer;
  let dist: string;
  const bigScript = `console.log(${JSON.stringify('LinkBridge '.repeat(400))});\n`;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'lb-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><html lang="en"><title>LinkBridge</title><div id="root"></div></html>');
    writeFileSync(join(dist, 'assets', 'index-abc123.js'), bigScript);
    writeFileSync(join(dist, 'assets', 'index-abc123.js.br'), brotliCompressSync(bigScript));
    server = await startTestServer({ databaseUrl, config: { staticDir: dist } });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const bundleList = (headers: Record<string, string>) =>
    raw(server.url, BUNDLE_LIST, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: '{}' });

  it('bundleList in brotli and in gzip decodes to the same JSON as the plain answer, in each language', async () => {
    for (const language of ['en', 'zh-Hans', 'zh-Hant', 'en']) {
      const plain = await bundleList({ language });
      expect(plain.status).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.vary).toBe('Accept-Encoding');
      const json = JSON.parse(plain.body.toString('utf8')) as { message: string; data: { plans: unknown[] } };
      expect(json.data.plans.length).toBeGreaterThan(0);
      expect(json.message).toBe({ en: 'Success', 'zh-Hans': '成功', 'zh-Hant': '成功' }[language]);
      const expected = { br: 'br', gzip: 'gzip', 'gzip, deflate, br': 'br', 'br;q=0, gzip': 'gzip' };
      for (const [accept, encoding] of Object.entries(expected)) {
        const packed = await bundleList({ language, 'accept-encoding': accept });
        expect(packed.headers['content-encoding']).toBe(encoding);
        expect(packed.headers.vary).toBe('Accept-Encoding');
        expect(packed.body.length).toBeLessThan(plain.body.length / 3);
        expect(Number(packed.headers['content-length'])).toBe(packed.body.length);
        // The security headers are still there.
        expect(packed.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
        expect(packed.headers['cache-control']).toBe('no-store');
        expect(JSON.parse(decoded(packed).toString('utf8'))).toEqual(json);
      }
    }
  });

  it('an answer made per request (not shared) is compressed too when large enough, and decodes to the same JSON', async () => {
    const plain = await raw(server.url, '/gateway/pcapp/api/v1/common/ildRates', { headers: { language: 'zh-Hant' } });
    expect(plain.status).toBe(200);
    const packed = await raw(server.url, '/gateway/pcapp/api/v1/common/ildRates', { headers: { language: 'zh-Hant', 'accept-encoding': 'gzip' } });
    expect(plain.body.length).toBeGreaterThan(1024);
    expect(packed.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(decoded(packed).toString('utf8'))).toEqual(JSON.parse(plain.body.toString('utf8')));
  });

  it('leaves small answers as they are', async () => {
    const health = await raw(server.url, '/healthz', { headers: { 'accept-encoding': 'gzip, br' } });
    expect(health.status).toBe(200);
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(health.body.toString('utf8'))).toEqual({ status: 'ok' });
    const refused = await raw(server.url, '/gateway/pcapp/api/v1/personalcenter/userInfo', { method: 'POST', headers: { 'accept-encoding': 'br' } });
    expect(refused.status).toBe(401);
    expect(refused.headers['content-encoding']).toBeUndefined();
  });

  it('serves the built files precompressed, with their ETag and CSP, and the page itself', async () => {
    const script = await raw(server.url, '/assets/index-abc123.js', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(script.status).toBe(200);
    expect(script.headers['content-encoding']).toBe('br');
    expect(script.headers.etag).toBeTruthy();
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(decoded(script).toString('utf8')).toBe(bigScript);
    const again = await raw(server.url, '/assets/index-abc123.js', { headers: { 'accept-encoding': 'br', 'if-none-match': String(script.headers.etag) } });
    expect(again.status).toBe(304);
    const identity = await raw(server.url, '/assets/index-abc123.js');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body.toString('utf8')).toBe(bigScript);
    const page = await raw(server.url, '/plans', { headers: { 'accept-encoding': 'br' } });
    expect(page.status).toBe(200);
    expect(page.headers['content-security-policy']).toMatch(/^default-src 'self'/);
    expect(decoded(page).toString('utf8')).toContain('<div id="root">');
  });
});
