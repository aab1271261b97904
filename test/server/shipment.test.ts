import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { luhnValid } from '../../src/domain/card';
import { jobs, sims, stateHistory } from '../../src/server/db/schema';
import { upsCheckDigit, uspsCheckDigit } from '../../src/server/adapters/logisticsTrackingNumbers';
import { applyShipmentEvent } from '../../src/server/orders/shipment';
import { simActivationCodeMatches } from '../../src/server/activation/sims';
import { startTestServer, testDatabases, type TestServer } from '../support/server';
import { emailsTo, insertPaidOrder, orderRow, runJobs, US_ADDRESS } from './fulfilmentFixtures';

const SHIP_DELAY_MS = 2 * 3_600_000;

describe('carrier tracking numbers', () => {
  it('carry the check digit each carrier prints', () => {
    // Tracking numbers as printed on real labels: the last character is the check digit.
    for (const ups of ['1Z999AA10123456784', '1ZA2F0990341239485']) expect(upsCheckDigit(ups.slice(2, 17))).toBe(ups.slice(17));
    for (const usps of ['9205590164917312751089', '9361289878700317633795']) expect(uspsCheckDigit(usps.slice(0, 21))).toBe(usps.slice(21));
    expect(upsCheckDigit('999AA1012345679')).not.toBe('4');
  });
});

describe.each(testDatabases({ postgres: false, because: 'the shipping sandbox timeline on the moved clock, one request at a time' }))('shipping a physical order on %s', (_name, databaseUrl) => {
  let server: TestServer;
  beforeAll(async () => { server = await startTestServer({ databaseUrl, config: { shipDelayMs: SHIP_DELAY_MS } }); });
  afterAll(async () => { await server?.close(); });

  const parcel = async (orderNo: string) => {
    const res = await fetch(new URL(`/sandbox/api/parcels/${orderNo}`, server.url));
    return { status: res.status, body: (await res.json()) as { data?: { carrier: string; trackingNumber: string; shipped: boolean; shippedAt: string | null; shipsAt: string; address: Record<string, unknown>; contents: { iccid: string; activationCode: string }[] | null } } };
  };
  const history = (orderNo: string) => server.db.select().from(stateHistory)
    .where(and(eq(stateHistory.chart, 'shipment'), eq(stateHistory.entityRef, orderNo))).orderBy(stateHistory.id);

  it('asks the carrier at once, ships after the delay on the clock, then records carrier, tracking number and send time', async () => {
    const { orderNo, email } = await insertPaidOrder(server, { simType: 'physical', simCount: 2, lang: 'zh-Hant' });
    const requestedAt = server.clock.now();
    await runJobs(server);

    let order = await orderRow(server, orderNo);
    expect(order).toMatchObject({ fulfilment: 'awaiting_shipment', logisticsStatus: 'not_shipped', carrier: null, trackingNumber: null, sentAt: null });
    const waiting = await parcel(orderNo);
    expect(waiting.status).toBe(200);
    expect(waiting.body.data).toMatchObject({ carrier: 'USPS', shipped: false, shippedAt: null, contents: null });
    expect(waiting.body.data!.address).toMatchObject({ name: 'Mei Chen', ...US_ADDRESS, country: 'US' });
    const shipsAt = new Date(waiting.body.data!.shipsAt).getTime();
    expect(shipsAt - requestedAt.getTime()).toBeGreaterThanOrEqual(SHIP_DELAY_MS);
    expect(shipsAt - requestedAt.getTime()).toBeLessThan(SHIP_DELAY_MS + 60_000);
    const [poll] = await server.db.select().from(jobs).where(eq(jobs.dedupeKey, `shipment.poll:${orderNo}`));
    expect(poll!.runAt.getTime()).toBe(shipsAt);
    expect(await history(orderNo)).toEqual([]);

    server.clock.advance(SHIP_DELAY_MS - 60_000);
    await runJobs(server);
    expect((await orderRow(server, orderNo)).logisticsStatus).toBe('not_shipped');

    server.clock.advance(60_000);
    await runJobs(server);
    order = await orderRow(server, orderNo);
    const shipped = await parcel(orderNo);
    expect(order).toMatchObject({ fulfilment: 'shipped', logisticsStatus: 'shipped', carrier: 'USPS', trackingNumber: shipped.body.data!.trackingNumber });
    expect(order.trackingNumber).toMatch(/^9400111\d{15}$/);
    expect(uspsCheckDigit(order.trackingNumber!.slice(0, 21))).toBe(order.trackingNumber!.slice(21));
    expect(order.sentAt!.getTime()).toBe(shipsAt);

    const rows = await history(orderNo);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ fromState: 'notShipped', event: 'shipment.ship', toState: 'shipped', meta: { carrier: 'USPS', trackingNumber: order.trackingNumber, sentAt: order.sentAt!.toISOString() } });

    // What a person opening the parcel sees: the two cards, whose printed codes activate them (issue 4).
    const orderSims = await server.db.select().from(sims).where(eq(sims.orderId, order.id)).orderBy(sims.iccid);
    const contents = shipped.body.data!.contents!;
    expect(contents.map((c) => c.iccid).sort()).toEqual(orderSims.map((s) => s.iccid));
    for (const sim of orderSims) {
      expect(luhnValid(sim.iccid)).toBe(true);
      expect(sim.shippedAt!.getTime()).toBe(shipsAt);
      const printed = contents.find((c) => c.iccid === sim.iccid)!.activationCode;
      expect(printed).toMatch(/^\d{6}$/);
      expect(simActivationCodeMatches(server.app.deps.config.codePepper, sim.iccid, printed, sim.activationCodeHash)).toBe(true);
    }

    const mails = await emailsTo(server, email);
    expect(mails.map((m) => m.subject)).toEqual([`訂單 ${orderNo} 已確認，感謝您選擇聯橋移動`, `您的 SIM 卡已出貨（訂單 ${orderNo}）`]);
    const mail = mails[1]!;
    expect(mail.lang).toBe('zh-Hant');
    expect(mail.body).toContain('物流公司：美國郵政（USPS）');
    expect(mail.body).toContain(`追蹤編號：${order.trackingNumber}`);
    expect(mail.body).toMatch(/出貨時間：\d{4}年\d{1,2}月\d{1,2}日/);
    expect(mail.body).toContain(`/tracking/search?orderNo=${orderNo}&email=${encodeURIComponent(email)}`);
    expect(mail.body).toContain('標準配送通常 2-5 個工作天送達');
    expect(mails[0]!.body).toContain('140 W Valley Blvd, Apt 5');
    expect(mails[0]!.body).toContain('運費（標準配送，2-5 個工作天）：免運費');
  });

  it('ships an express US order with UPS and a China order with SF Express', async () => {
    const express = await insertPaidOrder(server, { simType: 'physical', shippingMethod: 'express' });
    const china = await insertPaidOrder(server, { simType: 'physical', country: 'CN', lang: 'zh-Hans' });
    await runJobs(server);
    server.clock.advance(SHIP_DELAY_MS);
    await runJobs(server);
    const ups = await orderRow(server, express.orderNo);
    expect(ups.carrier).toBe('UPS');
    expect(ups.trackingNumber).toMatch(/^1Z[0-9A-Z]{6}02\d{8}$/);
    expect(upsCheckDigit(ups.trackingNumber!.slice(2, 17))).toBe(ups.trackingNumber!.slice(17));
    const sf = await orderRow(server, china.orderNo);
    expect(sf.carrier).toBe('SF Express');
    expect(sf.trackingNumber).toMatch(/^SF\d{13}$/);
    const [, shippedMail] = await emailsTo(server, china.email);
    expect(shippedMail!.body).toContain('物流公司：顺丰速运');
    expect((await emailsTo(server, express.email))[1]!.body).toContain('Express delivery usually takes 1-3 business days.');
  });

  it('applies "shipped" once: a second poll and a late address change are refused by the chart, and nothing is written for them', async () => {
    const { orderNo, email } = await insertPaidOrder(server, { simType: 'physical' });
    await runJobs(server);
    server.clock.advance(SHIP_DELAY_MS);
    await runJobs(server);
    expect((await orderRow(server, orderNo)).logisticsStatus).toBe('shipped');

    await server.db.update(jobs).set({ doneAt: null, runAt: server.clock.now() }).where(eq(jobs.dedupeKey, `shipment.poll:${orderNo}`));
    await runJobs(server);
    await expect(applyShipmentEvent(server.app.deps, orderNo, { type: 'shipment.changeAddress' }, { keepNewAddress: async () => undefined }))
      .rejects.toMatchObject({ code: 'alreadyShipped' });
    expect(await history(orderNo)).toHaveLength(1);
    expect(await emailsTo(server, email)).toHaveLength(2);
  });

  it('refuses an event for an order that does not exist', async () => {
    await expect(applyShipmentEvent(server.app.deps, 'LBNOSUCH', { type: 'shipment.changeAddress' }, { keepNewAddress: async () => undefined }))
      .rejects.toMatchObject({ code: 'noRecord' });
  });

  it('keeps the carrier idempotent on the order number and refuses a new address once the parcel has left', async () => {
    const logistics = server.app.deps.logistics;
    const address = { country: 'US' as const, name: 'Wei Lin', phone: '6265550188', ...US_ADDRESS };
    const reference = `LBP${Date.now()}`;
    const first = await logistics.createShipment({ reference, service: 'standard', address, contents: [{ iccid: '8901260000000000000', activationCode: '123456' }] });
    const again = await logistics.createShipment({ reference, service: 'express', address, contents: [] });
    expect(again).toEqual(first);
    expect(await logistics.updateAddress(reference, { ...address, address1: '1 Main St' })).toBe('updated');
    expect(await logistics.updateAddress('LBNOPARCEL', address)).toBe('unknown');
    server.clock.advance(SHIP_DELAY_MS);
    expect(await logistics.updateAddress(reference, address)).toBe('shipped');
    const state = await logistics.getShipment(reference);
    expect(state).toMatchObject({ shipped: true, shippedAt: first.shipsAt });
    expect((await parcel(reference)).body.data!.address).toMatchObject({ address1: '1 Main St' });
  });
});
