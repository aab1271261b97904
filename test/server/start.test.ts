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

  it('answers healthz, then shuts down cleanly on SIGINT with exit code 0', async () => {
    const port = 20000 + Math.floor(Math.random() * 20000);
    const child = spawn(join(process.cwd(), 'node_modules', '.bin', 'tsx'), [join(process.cwd(), 'src/server/main.ts')], {
      cwd: temp, env: { ...process.env, PORT: String(port), DATA_DIR: join(temp, 'npm-start-data'), LOG_LEVEL: 'warn', NODE_ENV: 'test' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => { out += c.toString(); });
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    let healthy = false;
    for (let i = 0; i < 600 && !healthy && child.exitCode === null; i++) {
      healthy = await fetch(`http://127.0.0.1:${port}/healthz`).then((r) => r.ok, () => false);
      if (!healthy) await new Promise((r) => setTimeout(r, 100));
    }
    expect(healthy).toBe(true);
    child.kill('SIGINT');
    expect(await exited).toBe(0);
    expect(out).toContain('SIGINT: shutting down');
  });
});
