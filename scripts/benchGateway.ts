/**
 * The gateway's figures of `npm run bench` (issue 13, section 3; decision 0024), against a running product:
 *  - bundleList requests per second against a bare node:http server answering the same JSON in the same run (ratio),
 *    each in a process of its own, both without Accept-Encoding, after a warm-up, taking turns twice (half the time
 *    each); and the gateway's rate when the client accepts br/gzip;
 *  - the size of bundleList's answer raw, gzip and brotli, as the gateway sends it;
 *  - userInfo (the demo customer, logged in through the sandbox captcha) at 10 and at 50 connections.
 * Loopback only, bounded in time; the machine's other work makes absolute numbers move: compare within one run.
 * With the gateway's pid (Linux), also the CPU time each server spent per request (utime + stime from /proc), whose
 * ratio does not depend on how the scheduler shares a busy machine: on 2 cores shared with other work, a server that
 * sleeps between requests (the bare one) waits to be woken and serves fewer requests than its cost allows.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

export interface Rate {
  requestsPerSecond: number; p99Ms: number; errors: number;
  /** CPU time the server process spent per request (µs), when its pid is known (Linux). */
  cpuMicrosPerRequest?: number | null;
}

export interface GatewayFigures {
  bundleList: {
    gateway: Rate; bareNode: Rate; ratio: number; gatewayCompressed: Rate; connections: number; seconds: number;
    /** bare node:http's CPU per request over the gateway's (1: the gateway costs what a bare server costs). */
    cpuRatio: number | null;
    /** An empty Fastify app on the same answer, and its ratio to bare node:http: the ceiling of any Fastify gateway. */
    emptyFastify: Rate; emptyFastifyRatio: number;
  };
  bundleListBytes: { raw: number; gzip: number; br: number };
  userInfo: { connections10: Rate; connections50: Rate; seconds: number };
}

/** A bare node:http server answering BODY to any request, printing its port. */
const BARE_SERVER = `import { createServer } from 'node:http';
const body = process.env.BODY;
const server = createServer((req, res) => {
  req.resume();
  req.on('end', () => { res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }); res.end(body); });
});
server.listen(0, '127.0.0.1', () => console.log(server.address().port));`;

/**
 * An empty Fastify app answering the same bytes on one route (no logger, hooks or other routes): what the framework
 * alone costs, so the gateway's own share of the gap to bare node:http can be told from Fastify's (decision 0024).
 */
const EMPTY_FASTIFY = `import Fastify from 'fastify';
const body = Buffer.from(process.env.BODY);
const app = Fastify({ logger: false });
app.post('/', async (req, reply) => reply.header('content-type', 'application/json; charset=utf-8').send(body));
app.listen({ port: 0, host: '127.0.0.1' }).then(() => console.log(app.server.address().port));`;

/** A reference server in a process of its own, as the gateway is (in this one it would share a thread with autocannon). */
async function reference(script: string, body: string): Promise<{ url: string; pid: number | undefined; stop(): void }> {
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], { env: { ...process.env, BODY: body }, stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout.once('data', (c: Buffer) => resolve(Number(c.toString().trim())));
    child.once('exit', (code) => reject(new Error(`a reference server exited with ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}/`, pid: child.pid, stop: () => child.kill() };
}

const BUNDLE_LIST = '/gateway/pcapp/api/v1/order/bundleList';
const USER_INFO = '/gateway/pcapp/api/v1/personalcenter/userInfo';
const ACCEPT_ALL = 'gzip, deflate, br';

type Init = { method: string; body?: string; headers?: Record<string, string> };

/** User and system CPU time of a process so far, in µs (Linux /proc; clock ticks of 10 ms); null elsewhere. */
export function cpuMicros(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10_000;
  } catch {
    return null;
  }
}

export async function rate(url: string, init: Init, connections: number, seconds: number, serverPid?: number): Promise<Rate> {
  const cpuBefore = cpuMicros(serverPid);
  const result = await autocannon({ url, connections, duration: seconds, ...init });
  const cpuAfter = cpuMicros(serverPid);
  const cpu = cpuBefore === null || cpuAfter === null || !result.requests.total ? null : Math.round((cpuAfter - cpuBefore) / result.requests.total);
  return {
    requestsPerSecond: Math.round(result.requests.average), p99Ms: result.latency.p99, errors: result.errors + result.non2xx,
    ...(serverPid ? { cpuMicrosPerRequest: cpu } : {}),
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length % 2 ? sorted[(sorted.length - 1) / 2]! : (sorted[sorted.length / 2 - 1]! + sorted[sorted.length / 2]!) / 2;
};

const mean = (runs: Rate[]): Rate => {
  const cpu = runs.map((r) => r.cpuMicrosPerRequest).filter((c): c is number => typeof c === 'number');
  return {
    requestsPerSecond: Math.round(runs.reduce((n, r) => n + r.requestsPerSecond, 0) / runs.length),
    p99Ms: Math.max(...runs.map((r) => r.p99Ms)),
    errors: runs.reduce((n, r) => n + r.errors, 0),
    // The median turn: one turn the scheduler starved says little about what a request costs.
    ...(cpu.length ? { cpuMicrosPerRequest: Math.round(median(cpu)) } : {}),
  };
};

/** A short run first: the JIT, the caches and the connections settle before what is measured. */
const warm = (url: string, init: Init) => rate(url, init, 10, 1);

/** The answer's bytes as sent with this Accept-Encoding (node:http's fetch would decode them). */
async function answerBytes(url: string, init: Init, acceptEncoding: string | null): Promise<number> {
  const { request } = await import('node:http');
  return new Promise((resolve, reject) => {
    const req = request(url, { method: init.method, headers: { ...init.headers, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) } }, (res) => {
      let n = 0;
      res.on('data', (c: Buffer) => { n += c.length; });
      res.on('end', () => resolve(n));
    });
    req.on('error', reject);
    req.end(init.body);
  });
}

/** The demo customer's access token: the password grant with the sandbox's captcha answer (npm start's sandbox). */
export async function demoToken(base: string): Promise<string> {
  const image = await fetch(`${base}/gateway/pcapp/createImg`);
  await image.arrayBuffer();
  const captchaToken = image.headers.get('x-image-code-token');
  const captcha = await (await fetch(`${base}/sandbox/api/captcha/${captchaToken}`)).json() as { data?: { answer: string } };
  if (!captchaToken || !captcha.data) throw new Error('no sandbox captcha: the bench needs the sandbox (SANDBOX=1)');
  const login = await fetch(`${base}/gateway/customer.core/oauth/token`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded', CHANNEL: 'eshop', authorization: `Basic ${Buffer.from('eshop:eshop').toString('base64')}`,
      'image-code': captcha.data.answer, 'x-image-code-token': captchaToken,
    },
    body: new URLSearchParams({ grant_type: 'password', username: 'demo', password: 'Demo@2468' }),
  });
  const answer = await login.json() as { data?: { access_token?: string } };
  if (!answer.data?.access_token) throw new Error(`demo login failed: ${JSON.stringify(answer)}`);
  return answer.data.access_token;
}

/** How many turns each side gets on bundleList (BENCH_TURNS, 2 by default), half the time each, alternating. */
const TURNS = Math.max(1, Number(process.env.BENCH_TURNS ?? 2));

export async function gatewayFigures(base: string, opts: { seconds: number; connections: number; gatewayPid?: number }): Promise<GatewayFigures> {
  const bundleListUrl = `${base}${BUNDLE_LIST}`;
  const init: Init = { method: 'POST', body: '{}', headers: { 'content-type': 'application/json', Language: 'en' } };
  const sample = await (await fetch(bundleListUrl, { ...init, headers: { ...init.headers, 'accept-encoding': 'identity' } })).text();
  const bare = await reference(BARE_SERVER, sample);
  const fastify = await reference(EMPTY_FASTIFY, sample);

  console.log(`load testing bundleList for ${opts.seconds} s, then a bare node:http server and an empty Fastify app, then bundleList compressed`);
  // Taking turns, twice: the machine's other work changes from one run to the next, and each side gets both halves.
  const gatewayRuns: Rate[] = [];
  const bareRuns: Rate[] = [];
  const fastifyRuns: Rate[] = [];
  await warm(bundleListUrl, init);
  await warm(bare.url, init);
  await warm(fastify.url, init);
  for (let round = 0; round < TURNS; round++) {
    gatewayRuns.push(await rate(bundleListUrl, init, opts.connections, opts.seconds / 2, opts.gatewayPid));
    bareRuns.push(await rate(bare.url, init, opts.connections, opts.seconds / 2, bare.pid));
    fastifyRuns.push(await rate(fastify.url, init, opts.connections, opts.seconds / 2, fastify.pid));
  }
  bare.stop();
  fastify.stop();
  const gateway = mean(gatewayRuns);
  const bareNode = mean(bareRuns);
  const emptyFastify = mean(fastifyRuns);
  const compressedInit = { ...init, headers: { ...init.headers, 'accept-encoding': ACCEPT_ALL } };
  const gatewayCompressed = await rate(bundleListUrl, compressedInit, opts.connections, opts.seconds, opts.gatewayPid);
  const bundleListBytes = {
    raw: await answerBytes(bundleListUrl, init, null),
    gzip: await answerBytes(bundleListUrl, init, 'gzip'),
    br: await answerBytes(bundleListUrl, init, 'br'),
  };

  console.log(`load testing userInfo at 10, then 50 connections, ${opts.seconds} s each`);
  const token = await demoToken(base);
  const userInfoInit: Init = { method: 'POST', headers: { authorization: `Bearer ${token}`, Language: 'en', 'accept-encoding': ACCEPT_ALL } };
  const userInfoUrl = `${base}${USER_INFO}`;
  await warm(userInfoUrl, userInfoInit);
  const connections10 = await rate(userInfoUrl, userInfoInit, 10, opts.seconds, opts.gatewayPid);
  const connections50 = await rate(userInfoUrl, userInfoInit, 50, opts.seconds, opts.gatewayPid);

  return {
    bundleList: {
      gateway, bareNode, ratio: Number((gateway.requestsPerSecond / bareNode.requestsPerSecond).toFixed(2)), gatewayCompressed,
      connections: opts.connections, seconds: opts.seconds,
      cpuRatio: gateway.cpuMicrosPerRequest && bareNode.cpuMicrosPerRequest
        ? Number((bareNode.cpuMicrosPerRequest / gateway.cpuMicrosPerRequest).toFixed(2)) : null,
      emptyFastify, emptyFastifyRatio: Number((emptyFastify.requestsPerSecond / bareNode.requestsPerSecond).toFixed(2)),
    },
    bundleListBytes,
    userInfo: { connections10, connections50, seconds: opts.seconds },
  };
}

export function printGatewayFigures(name: string, f: GatewayFigures) {
  const b = f.bundleList;
  console.log(`bundleList (${name}): gateway ${b.gateway.requestsPerSecond} req/s (p99 ${b.gateway.p99Ms} ms), bare node:http `
    + `${b.bareNode.requestsPerSecond} req/s, ratio ${b.ratio}; compressed ${b.gatewayCompressed.requestsPerSecond} req/s; `
    + `an empty Fastify app ${b.emptyFastify.requestsPerSecond} req/s, ratio ${b.emptyFastifyRatio} (the framework's ceiling)`);
  if (b.cpuRatio !== null) {
    console.log(`bundleList CPU per request: gateway ${b.gateway.cpuMicrosPerRequest} µs, bare node:http ${b.bareNode.cpuMicrosPerRequest} µs, `
      + `ratio ${b.cpuRatio}; compressed ${b.gatewayCompressed.cpuMicrosPerRequest} µs`);
  }
  console.log(`bundleList answer: ${f.bundleListBytes.raw} bytes raw, ${f.bundleListBytes.gzip} gzip, ${f.bundleListBytes.br} brotli`);
  console.log(`userInfo (${name}): ${f.userInfo.connections10.requestsPerSecond} req/s at 10 connections (p99 ${f.userInfo.connections10.p99Ms} ms), `
    + `${f.userInfo.connections50.requestsPerSecond} at 50 (p99 ${f.userInfo.connections50.p99Ms} ms)`
    + `${f.userInfo.connections10.cpuMicrosPerRequest ? `; CPU per request ${f.userInfo.connections10.cpuMicrosPerRequest} and ${f.userInfo.connections50.cpuMicrosPerRequest} µs` : ''}`);
}
