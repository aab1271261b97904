/**
 * Catalogue codes and messages of spec section 8 that no flow produced before issue 18 section 7 (decision 0047): each
 * now answered where it fits, in the customer's language, saying what to do next.
 * - 90008 "user not existing or not active": a top-up to a number that is not one of our lines in service.
 * - 120091 "empty": the PDF of a month's bill with nothing charged or credited.
 * - "product does not exist or discontinued" (productNotFound): a data add-on no longer sold.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { endpoints } from '../../src/contract';
import { customers } from '../../src/server/db/schema';
import { createSession } from '../../src/server/http/sessions';
import { seedTestLine } from '../../src/server/sandbox/testLine';
import { t } from '../../src/server/i18n';
import { startTestServer, testDatabases, type TestServer } from '../support/server';
import { bearer, call } from './helpers';
import { LANGS, newKey } from './ordersHelpers';

describe.each(testDatabases({ postgres: false, because: 'one request at a time, answers only: no SQL that differs, no concurrency' }))('codes no flow produced before (%s)', (_name, databaseUrl) => {
  let server: TestServer;
  let token: string;
  let phone: string;
  beforeAll(async () => {
    server = await startTestServer({ databaseUrl });
    const line = await seedTestLine(server.app.deps, { password: 'Unowned@2468', planSlug: '5gb-plan', generalCents: 5000, kind: 'us' });
    phone = line.phone;
    const [c] = await server.db.select().from(customers).where(eq(customers.username, line.username));
    token = (await createSession(server.app.deps, c!.id, 'password')).access_token;
  });
  afterAll(async () => { await server?.close(); });

  it.each(LANGS)('90008: a top-up to a number that is not one of our lines in service, next to the number, in %s', async (lang) => {
    const res = await call(server, endpoints.topUpCreate, {
      body: { account: 'general', phone: '2135550199', amount: 10 }, headers: { ...bearer(token), Language: lang, 'Idempotency-Key': newKey() },
    });
    expect(res.body).toEqual({ code: '90008', message: t(lang, 'validation:topUp.phoneUnknown'), data: { field: 'phone' } });
    // The customer's own line is ours and in service: the same form with it is a top-up.
    const ok = await call(server, endpoints.topUpCreate, {
      body: { account: 'general', phone, amount: 10 }, headers: { ...bearer(token), Language: lang, 'Idempotency-Key': newKey() },
    });
    expect(ok.body.code).toBe('200');
  });

  it.each(LANGS)('120091: the bill of a month with nothing charged or credited has no PDF, in %s', async (lang) => {
    const res = await fetch(new URL(`${endpoints.billPdf.path}?month=2019-03`, server.url), { headers: { ...bearer(token), Language: lang } });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ code: '120091', message: t(lang, 'errors:empty.bill', { month: '2019-03' }) });
    // Its preview still answers, with no entries: the page says so in its own words.
    const preview = await call<{ entries: unknown[]; count: number }>(server, endpoints.billDetail, { body: { month: '2019-03' }, headers: { ...bearer(token), Language: lang } });
    expect(preview.body.data).toMatchObject({ entries: [], count: 0 });
  });

  it.each(LANGS)('"product does not exist or discontinued": a data add-on no longer sold, in %s', async (lang) => {
    const res = await call(server, endpoints.lineOrderCreate, {
      body: { kind: 'addOn', offerId: 987_654 }, headers: { ...bearer(token), Language: lang, 'Idempotency-Key': newKey() },
    });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: 'productNotFound', message: t(lang, 'validation:lineOrder.offerGone'), data: { field: 'offerId' } });
  });
});
