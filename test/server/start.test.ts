import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { readEnv, sandboxEnabled, EnvError } from '../../src/server/env';
import { clientBuildState } from '../../src/server/clientBuild';
import { startGateway } from '../../src/server/start';
import { customers, plans } from '../../src/server/db/schema';
import { seedFingerprint, seedUnlessDone, RESEED_AFTER_MS } from '../../src/server/db/seedState';
// @ts-expect-error: plain JavaScript (npm start runs it with node, before anything could transpile)
import { serverBuildState } from '../../scripts/start.mjs';

const temp = mkdtempSync(join(tmpdir(), 'lb-start-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

describe('environment', () => {
  it('has defaults for everything', () => {
    expect(readEnv({})).toMatchObject({ PORT: 8080, DATA_DIR: './data', LOG_LEVEL: 'info' });
    expect(readEnv({}).DATABASE_URL).toBeUndefined();
  });

  it('lists every problem readably', () => {
    let error: unknown;
    try {
      readEnv({ PORT: 'eighty', LOG_LEVEL: 'loud', DATABASE_URL: 'mysql://x' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(EnvError);
    const { problems, message } = error as EnvError;
    expect(problems.map((p) => p.split(':')[0])).toEqual(['PORT', 'DATABASE_URL', 'LOG_LEVEL']);
    expect(message).toMatch(/^Invalid environment:\n {2}- PORT: /);
  });

  it('refuses DATABASE_URL without CODE_PEPPER: every gateway sharing a database must hash codes with the same secret', () => {
    let error: unknown;
    try {
      readEnv({ DATABASE_URL: 'postgres://db.internal/linkbridge' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(EnvError);
    expect((error as EnvError).problems).toEqual(['CODE_PEPPER: required with DATABASE_URL: set the same secret (16+ characters) on every gateway sharing the database']);
    expect(readEnv({ DATABASE_URL: 'postgres://db.internal/linkbridge', CODE_PEPPER: 'a-shared-secret-of-32-characters' }).CODE_PEPPER).toBe('a-shared-secret-of-32-characters');
    expect(readEnv({}).CODE_PEPPER).toBeUndefined();
  });

  it('takes JOB_CONCURRENCY from 1 to 32, leaving the runner its default when unset', () => {
    expect(readEnv({ JOB_CONCURRENCY: '8' }).JOB_CONCURRENCY).toBe(8);
    expect(readEnv({}).JOB_CONCURRENCY).toBeUndefined();
    for (const bad of ['0', '33', '2.5', 'many']) expect(() => readEnv({ JOB_CONCURRENCY: bad })).toThrow(/JOB_CONCURRENCY/);
  });

  it('checks the origins at start: an https storefront needs its card form on an https origin of its own', () => {
    expect(readEnv({ PUBLIC_ORIGIN: 'https://shop.example.com', PAYMENTS_ORIGIN: 'https://pay.example.com' }).PUBLIC_ORIGIN).toBe('https://shop.example.com');
    expect(() => readEnv({ PUBLIC_ORIGIN: 'https://shop.example.com' })).toThrow(/PAYMENTS_ORIGIN: required when PUBLIC_ORIGIN is https/);
    expect(() => readEnv({ PUBLIC_ORIGIN: 'https://shop.example.com', PAYMENTS_ORIGIN: 'http://pay.example.com' })).toThrow(/PAYMENTS_ORIGIN/);
    expect(() => readEnv({ PUBLIC_ORIGIN: 'http://shop.example.com', PAYMENTS_ORIGIN: 'http://shop.example.com' })).toThrow(/must differ/);
    expect(readEnv({ PUBLIC_ORIGIN: 'http://192.168.1.20:8080' }).PAYMENTS_ORIGIN).toBeUndefined();
  });

  it('reads TRUST_PROXY as proxy hops (default 0) or proxy addresses, and REDIS_URL as a redis:// URL', () => {
    expect(readEnv({}).TRUST_PROXY).toBe(0);
    expect(readEnv({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(readEnv({ TRUST_PROXY: 'loopback, 10.0.0.0/8 ,2001:db8::/32' }).TRUST_PROXY).toBe('loopback,10.0.0.0/8,2001:db8::/32');
    expect(readEnv({ REDIS_URL: 'redis://127.0.0.1:6379/2' }).REDIS_URL).toBe('redis://127.0.0.1:6379/2');
    expect(readEnv({}).REDIS_URL).toBeUndefined();
    let error: unknown;
    try {
      readEnv({ TRUST_PROXY: 'all of them', REDIS_URL: 'localhost:6379' });
    } catch (e) {
      error = e;
    }
    expect((error as EnvError).problems).toEqual([
      'REDIS_URL: must start with redis:// or rediss://',
      'TRUST_PROXY: must be a number of proxy hops, or proxy addresses (IPs, CIDR ranges, loopback, linklocal, uniquelocal), comma-separated',
    ]);
    expect(() => readEnv({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(EnvError);
  });

  it('reads DATABASE_POOL_SIZE (default 10) and COMPRESS_MIN_BYTES (default 1024, or off)', () => {
    expect(readEnv({}).DATABASE_POOL_SIZE).toBe(10);
    expect(readEnv({ DATABASE_POOL_SIZE: '4' }).DATABASE_POOL_SIZE).toBe(4);
    for (const bad of ['0', '201', '2.5', 'many']) expect(() => readEnv({ DATABASE_POOL_SIZE: bad })).toThrow(/DATABASE_POOL_SIZE/);
    expect(readEnv({}).COMPRESS_MIN_BYTES).toBe(1024);
    expect(readEnv({ COMPRESS_MIN_BYTES: '0' }).COMPRESS_MIN_BYTES).toBe(0);
    expect(readEnv({ COMPRESS_MIN_BYTES: 'off' }).COMPRESS_MIN_BYTES).toBeNull();
    for (const bad of ['-1', 'none', '1.5']) expect(() => readEnv({ COMPRESS_MIN_BYTES: bad })).toThrow(/COMPRESS_MIN_BYTES/);
  });

  it('turns the sandbox off in production unless SANDBOX=1', () => {
    expect(sandboxEnabled({})).toBe(true);
    expect(sandboxEnabled({ NODE_ENV: 'production' })).toBe(false);
    expect(sandboxEnabled({ NODE_ENV: 'production', SANDBOX: '1' })).toBe(true);
    expect(sandboxEnabled({ NODE_ENV: 'development', SANDBOX: '0' })).toBe(false);
  });
});

describe('client build state', () => {
  it('is missing (either build), fresh or stale by modification times; gateway sources do not count', () => {
    const root = join(temp, 'project');
    mkdirSync(join(root, 'src', 'server'), { recursive: true });
    expect(clientBuildState(root)).toBe('noClient');
    writeFileSync(join(root, 'index.html'), '<!doctype html>');
    writeFileSync(join(root, 'src', 'main.tsx'), '');
    expect(clientBuildState(root)).toBe('missing');
    mkdirSync(join(root, 'dist', 'client'), { recursive: true });
    writeFileSync(join(root, 'dist', 'client', 'index.html'), '');
    // The server-rendering build of the public pages (decision 0022) is part of the client build.
    expect(clientBuildState(root)).toBe('missing');
    mkdirSync(join(root, 'dist', 'ssr'), { recursive: true });
    writeFileSync(join(root, 'dist', 'ssr', 'entry-server.js'), '');
    const past = new Date(Date.now() - 60_000);
    for (const f of ['index.html', 'src/main.tsx']) utimesSync(join(root, f), past, past);
    expect(clientBuildState(root)).toBe('fresh');
    writeFileSync(join(root, 'src', 'server', 'app.ts'), '');
    expect(clientBuildState(root)).toBe('fresh');
    writeFileSync(join(root, 'src', 'main.tsx'), 'changed');
    expect(clientBuildState(root)).toBe('stale');
  });
});

describe('server bundle state', () => {
  it('is missing, fresh or stale by the modification times of the files it was built from and package-lock.json', () => {
    const root = join(temp, 'bundled');
    mkdirSync(join(root, 'dist', 'server'), { recursive: true });
    mkdirSync(join(root, 'src', 'server'), { recursive: true });
    const state = serverBuildState as (root: string) => 'missing' | 'stale' | null;
    expect(state(root)).toBe('missing');
    const past = new Date(Date.now() - 60_000);
    for (const f of ['src/server/main.ts', 'package-lock.json', 'scripts/start.mjs']) {
      mkdirSync(join(root, f, '..'), { recursive: true });
      writeFileSync(join(root, f), '');
      utimesSync(join(root, f), past, past);
    }
    writeFileSync(join(root, 'dist', 'server', 'main.mjs'), '');
    // Built 30 s ago: a file written now is newer, even on a file system whose times are coarser than this test is quick.
    const built = new Date(Date.now() - 30_000);
    utimesSync(join(root, 'dist', 'server', 'main.mjs'), built, built);
    expect(state(root)).toBe('missing');
    writeFileSync(join(root, 'dist', 'server', 'inputs.json'), JSON.stringify(['src/server/main.ts']));
    expect(state(root)).toBeNull();
    // A file the bundle was not built from does not count; one it was, or the packages, do.
    writeFileSync(join(root, 'src', 'server', 'unused.ts'), '');
    expect(state(root)).toBeNull();
    writeFileSync(join(root, 'package-lock.json'), '{}');
    expect(state(root)).toBe('stale');
    utimesSync(join(root, 'package-lock.json'), past, past);
    expect(state(root)).toBeNull();
    writeFileSync(join(root, 'src', 'server', 'main.ts'), 'changed');
    expect(state(root)).toBe('stale');
  });
});

describe('seed state', () => {
  it('skips a seed the same code, pepper and sandbox setting made less than an hour ago; seeds otherwise', async () => {
    const gateway = await startGateway({ port: 0, host: '127.0.0.1', dataDir: null, sandbox: false, logLevel: 'silent' });
    try {
      const db = gateway.database.db;
      let runs = 0;
      const seed = async () => { runs += 1; };
      const at = (ms: number) => new Date(Date.UTC(2026, 10, 25) + ms);
      const code = seedFingerprint('bundle-1', 'pepper-0123456789abcdef', true);
      expect(await seedUnlessDone(db, code, at(0), seed)).toBe(true);
      expect(await seedUnlessDone(db, code, at(RESEED_AFTER_MS - 1), seed)).toBe(false);
      expect(await seedUnlessDone(db, seedFingerprint('bundle-2', 'pepper-0123456789abcdef', true), at(1), seed)).toBe(true);
      expect(await seedUnlessDone(db, seedFingerprint('bundle-2', 'another-pepper-0123456789', true), at(2), seed)).toBe(true);
      expect(await seedUnlessDone(db, seedFingerprint('bundle-2', 'another-pepper-0123456789', false), at(3), seed)).toBe(true);
      expect(await seedUnlessDone(db, seedFingerprint('bundle-2', 'another-pepper-0123456789', false), at(3 + RESEED_AFTER_MS), seed)).toBe(true);
      // A clock moved back (the sandbox clock is not kept across restarts): seeded again.
      expect(await seedUnlessDone(db, seedFingerprint('bundle-2', 'another-pepper-0123456789', false), at(0), seed)).toBe(true);
      // Code without a hash (tsx) always seeds, and makes the next bundled start seed too.
      const bundled = seedFingerprint('bundle-3', 'p'.repeat(20), false);
      expect(await seedUnlessDone(db, bundled, at(0), seed)).toBe(true);
      expect(seedFingerprint(null, 'p'.repeat(20), false)).toBeNull();
      expect(await seedUnlessDone(db, null, at(1), seed)).toBe(true);
      expect(await seedUnlessDone(db, bundled, at(2), seed)).toBe(true);
      expect(runs).toBe(9);
    } finally {
      await gateway.close();
    }
  });
});

describe('startGateway', () => {
  it('migrates and seeds a PGlite data dir, answers healthz, and restarts on it idempotently', async () => {
    const dataDir = join(temp, 'data');
    for (let run = 0; run < 2; run++) {
      const gateway = await startGateway({ port: 0, host: '127.0.0.1', dataDir, sandbox: false, logLevel: 'silent' });
      try {
        const res = await fetch(new URL('/healthz', gateway.url));
        expect(res.status).toBe(200);
        const [planCount] = await gateway.database.db.select({ n: count() }).from(plans);
        const [customerCount] = await gateway.database.db.select({ n: count() }).from(customers);
        expect([planCount?.n, customerCount?.n]).toEqual([5, 1]);
      } finally {
        await gateway.close();
      }
    }
  });
});

describe('npm start', () => {
  it('prints a readable list on a bad environment and exits 1', async () => {
    const child = spawn(join(process.cwd(), 'node_modules', '.bin', 'tsx'), [join(process.cwd(), 'src/server/main.ts')], {
      cwd: temp, env: { ...process.env, PORT: 'x', LOG_LEVEL: 'loud' }, stdio: ['ignore', 'pipe', 'pipe'],
    });
    let err = '';
    child.stderr.on('data', (c: Buffer) => { err += c.toString(); });
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(err).toContain('Invalid environment:');
    expect(err).toContain('- PORT:');
    expect(err).toContain('- LOG_LEVEL:');
  });

  it('refuses to start with DATABASE_URL but without CODE_PEPPER, saying why, before touching the database', async () => {
    const child = spawn(join(process.cwd(), 'node_modules', '.bin', 'tsx'), [join(process.cwd(), 'src/server/main.ts')], {
      cwd: temp, env: { ...process.env, DATABASE_URL: 'postgres://127.0.0.1:1/nowhere', CODE_PEPPER: '' }, stdio: ['ignore', 'pipe', 'pipe'],
    });
    let err = '';
    child.stderr.on('data', (c: Buffer) => { err += c.toString(); });
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(err).toContain('Invalid environment:\n  - CODE_PEPPER: required with DATABASE_URL');
  });

  it('runs from its bundle: answers healthz, shuts down cleanly on SIGINT with exit code 0, and a restart skips the seed; its request lines reach stdout', async () => {
    const port = 20000 + Math.floor(Math.random() * 20000);
    // What `npm start` runs (package.json), here with the project elsewhere than the working directory: no client.
    const start = (logLevel: string) => {
      const child = spawn(process.execPath, [join(process.cwd(), 'scripts/start.mjs')], {
        cwd: temp, env: { ...process.env, PORT: String(port), DATA_DIR: join(temp, 'npm-start-data'), LOG_LEVEL: logLevel, NODE_ENV: 'test' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const output = { text: '' };
      child.stdout.on('data', (c: Buffer) => { output.text += c.toString(); });
      return { child, output, exited: new Promise<number | null>((resolve) => child.once('exit', resolve)) };
    };
    for (const run of [1, 2]) {
      const { child, output, exited } = start(run === 1 ? 'warn' : 'info');
      let healthy = false;
      for (let i = 0; i < 600 && !healthy && child.exitCode === null; i++) {
        healthy = await fetch(`http://127.0.0.1:${port}/healthz`).then((r) => r.ok, () => false);
        if (!healthy) await new Promise((r) => setTimeout(r, 100));
      }
      expect(healthy).toBe(true);
      expect(output.text).toMatch(/ready in [\d.]+ s: modules [\d.]+ s, clientBuild [\d.]+ s, database [\d.]+ s, migrate [\d.]+ s, seed [\d.]+ s/);
      expect(output.text.includes('(seed already done by this code)')).toBe(run === 2);
      child.kill('SIGINT');
      expect(await exited).toBe(0);
      expect(output.text).toContain('SIGINT: shutting down');
      // At info, one JSON line per request, written asynchronously (decision 0024) and all out by the exit.
      const requestLines = output.text.split('\n').filter((line) => line.includes('"msg":"request completed"'));
      expect(requestLines.length > 0).toBe(run === 2);
      for (const line of requestLines) expect(JSON.parse(line)).toMatchObject({ req: { method: 'GET', path: '/healthz' }, res: { statusCode: expect.any(Number) } });
    }
  });
});
