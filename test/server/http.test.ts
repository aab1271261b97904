import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '../../src/contract';
import { startTestServer, testDatabases, type TestServer } from '../support/server';
import { call } from './helpers';

/**
 * The payment provider's SDK and card form iframe (its own origin, decision 0005: the page's host at the sandbox's
 * port) are the only other sources; without a usable host name, none.
 */
const csp = (provider: string | null) => `default-src 'self'; script-src 'self'${provider ? ` ${provider}` : ''}; style-src 'self' 'unsafe-inline'; `
  + `img-src 'self' data:; connect-src 'self'; font-src 'self'; ${provider ? `frame-src ${provider}; ` : ''}object-src 'none'; base-uri 'self'; `
  + "form-action 'self'; frame-ancestors 'none'";

/** GET with a Host header of our choosing (fetch cannot set it). */
function getWithHost(base: string, path: string, host: string): Promise<{ csp: string | undefined }> {
  return new Promise((resolve, reject) => {
    request(new URL(path, base), { headers: { Host: host } }, (res) => {
      res.resume().on('end', () => resolve({ csp: res.headers['content-security-policy'] as string | undefined }));
    }).on('error', reject).end();
  });
}

describe.each(testDatabases({ postgres: false, because: 'headers, CSP and static files: the database is not involved' }))('http behaviour on %s', (_name, databaseUrl) => {
  let server: TestServer;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'lb-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><html lang="en"><title>LinkBridge</title><div id="root"></div></html>');
    writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
    writeFileSync(join(dist, 'robots.txt'), 'User-agent: *\nAllow: /\n');
    server = await startTestServer({ databaseUrl, config: { staticDir: dist } });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (path: string, init?: RequestInit) => fetch(new URL(path, server.url), init);

  it('healthz answers 200 once ready', async () => {
    const res = await get('/healthz');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('sets the security headers and a strict CSP on HTML', async () => {
    const res = await get('/');
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('content-security-policy')).toBe(csp(server.paymentsUrl));
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('cache-control')).toBe('no-cache');
  });

  it('names the configured payment sandbox origin only, whatever the Host header says', async () => {
    const port = new URL(server.url).port;
    for (const host of [`localhost:${port}`, 'shop.example.com', `[::1]:${port}`, 'evil.example/x', 'a b', "x';script-src *"]) {
      expect((await getWithHost(server.url, '/', host)).csp, host).toBe(csp(server.paymentsUrl));
    }
  });

  it('never lets API answers be cached, errors included', async () => {
    const ok = await call(server, endpoints.partners);
    const bad = await call(server, endpoints.offerLocking, { body: {} });
    const missing = await get('/gateway/nothing');
    const sandbox = await get('/sandbox/api/messages');
    for (const res of [ok, bad, missing, sandbox]) {
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      // JSON is never a document: nothing may load in it or frame it, and the documents' policies are not sent.
      expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('referrer-policy')).toBeNull();
    }
  });

  it('serves the app for client routes (SPA fallback) and files as files', async () => {
    for (const path of ['/plans/propagate', '/personal', '/login?redirect=/personal']) {
      const res = await get(path);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('<div id="root">');
      expect(res.headers.get('cache-control')).toBe('no-cache');
    }
    const asset = await get('/assets/index-abc123.js');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await get('/robots.txt').then((r) => r.text())).toContain('User-agent');
    expect((await get('/assets/missing-file.js')).status).toBe(404);
  });

  it('answers unknown gateway and sandbox paths with the notFound envelope, not the app', async () => {
    for (const path of ['/gateway/pcapp/api/v1/unknown', '/sandbox/unknown']) {
      const res = await get(path);
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ code: 'notFound' });
    }
    const post = await get('/plans', { method: 'POST' });
    expect(post.status).toBe(404);
  });
});

describe('coarse request guard', () => {
  it('answers 429 rateLimited past the per-IP limit on API routes, but not on the catalogue', async () => {
    const server = await startTestServer({ config: { rateLimitPerMinute: 2 } });
    try {
      const ip = '10.9.9.9';
      const answers = [];
      for (let i = 0; i < 3; i++) answers.push(await call(server, endpoints.offerLocking, { body: { email: `g${i}@example.com`, collectType: '1', channel: 'pc' }, ip }));
      expect(answers.map((a) => a.status)).toEqual([200, 200, 429]);
      expect(answers[2]!.body.code).toBe('rateLimited');
      expect(answers[2]!.body.message).toMatch(/^Too many requests\. Please try again in \d+ seconds?\.$/);
      for (let i = 0; i < 3; i++) expect((await call(server, endpoints.bundleList, { body: {}, ip })).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});
