/**
 * Issue 12, "any input gets a clear 400, never a 500": every endpoint of the contract table, every field of its
 * body and query schemas (found by walking the zod schemas, test/support/requestFields.ts), is sent what a careless
 * client or an attacker sends: a NUL, a C1 control, lone surrogates, far too much text, the wrong JSON type, numbers
 * past what a column holds. Each answer must be a 400 whose message names that field in the request's language;
 * a body or URL past the gateway's size limits must be refused in the gateway's own `{ code, message }` shape.
 * Nothing here lists endpoints or fields: a new endpoint is probed as soon as it is in `endpoints`.
 */
import { staffAccounts } from '../../src/server/db/schema';
import { createStaffSession } from '../../src/server/http/staffSessions';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type EndpointDef } from '../../src/contract';
import { startTestServer, testDatabases, type TestServer } from '../support/server';
import { requestFields, valueAt, withValue, type FieldKind, type Path, type RequestField } from '../support/requestFields';
import { BASIC, newCaptcha, passwordLogin, randomIp } from './helpers';

const LANGS = ['en', 'zh-Hans', 'zh-Hant'] as const;
type Lang = (typeof LANGS)[number];

const i18n = (lang: Lang, ns: string) => JSON.parse(readFileSync(new URL(`../../i18n/${lang}/${ns}.json`, import.meta.url), 'utf8')) as Record<string, unknown>;
const validationTexts = Object.fromEntries(LANGS.map((l) => [l, i18n(l, 'validation')])) as Record<Lang, { format: string; fields: Record<string, string> }>;
const httpTexts = Object.fromEntries(LANGS.map((l) => [l, (i18n(l, 'errors') as { http: Record<string, string> }).http])) as Record<Lang, Record<string, string>>;

/** What a message naming the field starts with, in that language ("Email: ", "邮箱："); null when the field has no label there. */
function namePrefix(lang: Lang, path: Path): string | null {
  const name = String([...path].reverse().find((p) => typeof p === 'string') ?? 'request');
  const label = validationTexts[lang].fields[name];
  return label ? validationTexts[lang].format.replace('{{field}}', label).replace('{{message}}', '') : null;
}

/** Longer than any text field may be, and well inside the body limit, so the field's own rule must refuse it. */
const LONG = 10_000;
/** Past the body limit (64 KB): refused before the body is read. */
const HUGE = 100 * 1024;
const RAW = '\u0001raw:';
/** A JSON number JSON.stringify cannot write: 1e400 parses to Infinity. */
const rawNumber = (text: string) => `${RAW}${text}`;
const toJson = (value: unknown) => JSON.stringify(value).replace(/"\\u0001raw:([^"]*)"/g, '$1');

const insert = (text: string, at: number, what: string) => `${text.slice(0, at)}${what}${text.slice(at)}`;
const longer = (text: string, length: number) => text.repeat(Math.ceil(length / Math.max(text.length, 1)));

interface Probe { name: string; value: unknown }

/** Bad values for a field, built from the valid value it had, so nothing but the probed defect is wrong. */
function probes(kind: FieldKind, valid: unknown): Probe[] {
  const text = typeof valid === 'string' ? valid : String(valid);
  const wrongTypes = (values: unknown[]) => values.map((value) => ({ name: `wrong type ${JSON.stringify(value).slice(0, 12)}`, value }));
  switch (kind) {
    case 'text':
    case 'choice':
      return [
        { name: 'NUL', value: insert(text, 1, '\u0000') },
        { name: 'C0 control (ESC)', value: insert(text, 1, '\u001B') },
        { name: 'C1 control (CSI)', value: insert(text, 1, '\u009B') },
        // JSON.stringify writes a lone surrogate as the escape \ud800, which is what an attacker sends.
        { name: 'lone high surrogate', value: insert(text, 1, '\uD800') },
        { name: 'lone low surrogate', value: `${text}\uDC00` },
        { name: `${LONG} characters`, value: longer(text, LONG) },
        // A boolean choice (a literal `true`, a union's `enabled: false`) may accept either boolean.
        ...wrongTypes([12345, ...(typeof valid === 'boolean' ? [] : [true]), {}, [text]]),
      ];
    case 'number':
      return [
        { name: 'beyond a 32-bit column', value: 2 ** 31 },
        { name: 'beyond a safe integer', value: 2 ** 53 + 2 },
        { name: 'huge', value: 1e300 },
        { name: 'Infinity (1e400)', value: rawNumber('1e400') },
        { name: 'negative Infinity (-1e400)', value: rawNumber('-1e400') },
        ...wrongTypes([String(valid), true, {}, []]),
      ];
    case 'boolean':
      return wrongTypes(['true', 1, {}, []]);
    case 'object':
      return wrongTypes([[], 'x', 12345, true]);
    case 'array':
      return [...wrongTypes([{}, 'x', 12345]), { name: '2,000 items', value: Array.from({ length: 2000 }, () => (valid as unknown[])[0]) }];
  }
}

/** A query string carries text only: its probes are the text ones a URL can carry (a lone surrogate cannot be written in UTF-8). */
function queryProbes(valid: string): Probe[] {
  return [
    { name: 'NUL', value: insert(valid, 1, '\u0000') },
    { name: 'C0 control (ESC)', value: insert(valid, 1, '\u001B') },
    { name: 'C1 control (CSI)', value: insert(valid, 1, '\u009B') },
    { name: `${LONG} characters`, value: longer(valid, LONG) },
    { name: 'repeated (an array)', value: [valid, valid] },
  ];
}

interface Sent { status: number; body: { code?: unknown; message?: unknown } | string }

describe.each(testDatabases())('any input gets a clear 400, never a 500, on %s', (_name, databaseUrl) => {
  let server: TestServer;
  let sessionToken: string;
  /** The staff console's own session (issue 16): its endpoints are judged with a staff token, never a customer's. */
  let staffToken: string;
  let counter = 0;

  beforeAll(async () => {
    server = await startTestServer({ databaseUrl });
    const login = await passwordLogin(server, 'demo', 'Demo@2468');
    if (!login.body.data) throw new Error(`demo login failed: ${JSON.stringify(login.body)}`);
    sessionToken = login.body.data.access_token;
    const [staff] = await server.db.insert(staffAccounts).values({ email: `any-input-${randomIp()}@linkbridge.test`, name: 'Any Input', passwordHash: 'x', role: 'reviewer' }).returning({ id: staffAccounts.id });
    staffToken = await createStaffSession(server.app.deps, staff!.id);
  });
  afterAll(async () => { await server?.close(); });

  /** The headers the endpoint reads, valid, so that what is judged is the request's fields. */
  async function headersFor(endpoint: EndpointDef, lang: Lang): Promise<Record<string, string>> {
    const ip = randomIp();
    const headers: Record<string, string> = { 'x-forwarded-for': ip, Language: lang };
    if (endpoint.auth === 'required' || endpoint.auth === 'optional') headers.Authorization = `Bearer ${sessionToken}`;
    if (endpoint.auth === 'staff') headers.Authorization = `Bearer ${staffToken}`;
    for (const name of endpoint.headers ?? []) {
      switch (name.toLowerCase()) {
        case 'image-code': case 'x-image-code-token': {
          if (headers['IMAGE-CODE']) break;
          const captcha = await newCaptcha(server, ip);
          headers['IMAGE-CODE'] = captcha.answer;
          headers['X-IMAGE-CODE-TOKEN'] = captcha.token;
          break;
        }
        case 'idempotency-key': headers['Idempotency-Key'] = randomUUID(); break;
        case 'x-order-token': headers['X-Order-Token'] = randomUUID(); break;
        case 'authorization': headers.Authorization = BASIC; break;
        default: throw new Error(`${endpoint.id} reads the header ${name}: teach headersFor in test/server/anyInput.test.ts to send a valid one`);
      }
    }
    return headers;
  }

  async function send(endpoint: EndpointDef, lang: Lang, parts: { body?: string; contentType?: string; query?: unknown }): Promise<Sent> {
    const url = new URL(endpoint.path, server.url);
    for (const [key, value] of Object.entries((parts.query ?? {}) as Record<string, unknown>)) {
      for (const one of Array.isArray(value) ? value : [value]) url.searchParams.append(key, String(one));
    }
    const headers = await headersFor(endpoint, lang);
    if (parts.body !== undefined) headers['content-type'] = parts.contentType ?? 'application/json';
    const res = await fetch(url, { method: endpoint.method, headers, body: parts.body });
    const text = await res.text();
    try {
      return { status: res.status, body: JSON.parse(text) as Sent['body'] };
    } catch {
      return { status: res.status, body: text };
    }
  }

  const nextLang = (): Lang => LANGS[counter++ % LANGS.length]!;

  /** The problems with one answer: empty when it is a 400 naming the field in the request's language. */
  function judgeNamed(sent: Sent, lang: Lang, field: RequestField): string[] {
    const prefix = namePrefix(lang, field.namedAt);
    if (!prefix) return [`the field has no label in ${lang} (validation:fields.${String([...field.namedAt].reverse().find((p) => typeof p === 'string') ?? 'request')})`];
    const body = typeof sent.body === 'string' ? null : sent.body;
    if (sent.status === 400 && body?.code === 'validation' && typeof body.message === 'string' && body.message.startsWith(prefix)) return [];
    return [`answered ${sent.status} ${JSON.stringify(sent.body).slice(0, 160)}; expected 400 validation starting "${prefix}"`];
  }

  /** The answer to something past a size limit: its status, in the gateway's shape and the request's language. */
  function judgeTooLarge(sent: Sent, status: number, lang: Lang): string[] {
    const body = typeof sent.body === 'string' ? null : sent.body;
    if (sent.status === status && body?.code === 'validation' && body.message === httpTexts[lang]['413']) return [];
    return [`answered ${sent.status} ${JSON.stringify(sent.body).slice(0, 160)}; expected ${status} validation "${httpTexts[lang]['413']}"`];
  }

  const probed = Object.values(endpoints).filter((e: EndpointDef) => e.body || e.query);

  it('finds the fields where the 500s were: nested, optional, inside a union, in a query', () => {
    const found = (endpoint: EndpointDef, part: 'body' | 'query') => requestFields(endpoint[part]!).map(({ field }) => `${field.kind} ${field.path.join('.')}`);
    expect(found(endpoints.createOrder, 'body')).toEqual(expect.arrayContaining([
      'text shipping.email', 'text shipping.address1', 'text billing.address1', 'text billing.zip', 'text couponCode', 'text referralCode',
      'number planId', 'array reasons', 'choice reasons.0',
    ]));
    expect(found(endpoints.quote, 'body')).toEqual(expect.arrayContaining(['text couponCode', 'text taxAddress.zip']));
    expect(found(endpoints.orderDetail, 'body')).toContain('text orderNo');
    expect(found(endpoints.payStatus, 'query')).toContain('text orderNo');
    expect(found(endpoints.oauthToken, 'body')).toEqual(expect.arrayContaining(['text username', 'text password', 'text phone', 'text code']));
    expect(found(endpoints.activationSubmit, 'body')).toEqual(expect.arrayContaining(['text number.pin', 'text wifiCalling.e911.zip', 'text account.username']));
  });

  for (const endpoint of probed as EndpointDef[]) {
    it(`${endpoint.id} (${endpoint.method} ${endpoint.path}) answers each bad field with a 400 naming it`, async () => {
      const failures: string[] = [];
      const bodyBase = endpoint.body ? requestFields(endpoint.body)[0]!.request : undefined;
      const queryBase = endpoint.query ? requestFields(endpoint.query)[0]!.request : undefined;
      const note = (where: string, field: RequestField, probe: string, problems: string[]) => {
        for (const p of problems) failures.push(`${where} ${field.path.join('.') || '(whole)'} · ${probe}: ${p}`);
      };

      if (endpoint.body) {
        for (const { field, request } of requestFields(endpoint.body)) {
          const valid = valueAt(request, field.path);
          for (const probe of probes(field.kind, valid)) {
            const lang = nextLang();
            const sent = await send(endpoint, lang, { body: toJson(withValue(request, field.path, probe.value)), query: queryBase });
            note('body', field, probe.name, judgeNamed(sent, lang, field));
          }
          if (field.kind === 'text') {
            const lang = nextLang();
            const sent = await send(endpoint, lang, { body: toJson(withValue(request, field.path, longer(String(valid), HUGE))), query: queryBase });
            note('body', field, `${HUGE} bytes`, judgeTooLarge(sent, 413, lang));
          }
          // A form-encoded endpoint takes the same fields as application/x-www-form-urlencoded (flat, text only).
          if (endpoint.encoding === 'form' && field.path.length === 1 && (field.kind === 'text' || field.kind === 'choice')) {
            for (const probe of queryProbes(String(valid)).slice(0, 4)) {
              const lang = nextLang();
              const form = new URLSearchParams(Object.entries(withValue(request, field.path, probe.value) as Record<string, string>));
              const sent = await send(endpoint, lang, { body: form.toString(), contentType: 'application/x-www-form-urlencoded', query: queryBase });
              note('form', field, probe.name, judgeNamed(sent, lang, field));
            }
          }
        }
      }

      if (endpoint.query) {
        for (const { field, request } of requestFields(endpoint.query)) {
          if (field.kind !== 'text' && field.kind !== 'choice') continue;
          const valid = String(valueAt(request, field.path));
          for (const probe of queryProbes(valid)) {
            const lang = nextLang();
            const sent = await send(endpoint, lang, { body: bodyBase === undefined ? undefined : toJson(bodyBase), query: withValue(request, field.path, probe.value) });
            note('query', field, probe.name, judgeNamed(sent, lang, field));
          }
          // Past Node's 16 KB limit on the request head: refused before the gateway sees it, still in its shape (English: no header was read).
          const sent = await send(endpoint, 'en', { body: bodyBase === undefined ? undefined : toJson(bodyBase), query: withValue(request, field.path, longer(valid, HUGE)) });
          note('query', field, `${HUGE} bytes`, judgeTooLarge(sent, 431, 'en'));
        }
      }

      expect(failures).toEqual([]);
    });
  }
});
