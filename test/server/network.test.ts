/**
 * The network sandbox behind the NetworkAdapter (src/server/adapters/networkSandbox.ts): its number inventory and
 * reservations, provisioning after NETWORK_DELAY, port-in answers after PORT_DELAY on each documented test value,
 * corrections, idempotency by request id, and that it keeps no port-in account number or PIN.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUsPhone } from '../../src/domain/phone';
import { inventory, NUMBERS_PER_AREA_CODE } from '../../src/server/adapters/networkNumbers';
import { CARRIER_MESSAGES, E911_FAILURE, NUMBER_UNAVAILABLE, RESERVATION_MS } from '../../src/server/adapters/networkSandbox';
import type { NetworkAdapter } from '../../src/server/adapters/network';
import { sandboxNumbers, sandboxPortCorrections, sandboxPortRequests, sandboxProvisions } from '../../src/server/db/schema';
import { startTestServer, testDatabases, type TestServer } from '../support/server';

const NETWORK_DELAY_MS = 60_000;
const PORT_DELAY_MS = 120_000;
const E911 = { country: 'US', address1: '140 W Valley Blvd', address2: null, city: 'San Gabriel', state: 'CA', zip: '91776' } as const;
/** Distinctive secrets, so the check that the sandbox keeps neither cannot pass by accident. */
const ACCOUNT_NUMBER = 'ACCT-771234';
const PIN = '7391';

let seq = 0;
const iccid = () => `89012600200${String(Date.now() % 1e6).padStart(6, '0')}${String(seq++ % 100).padStart(2, '0')}`;
const requestId = (what: string) => `${what}:${Date.now()}:${seq++}`;

describe('number inventory (pure)', () => {
  it('is the same 40 realistic numbers of an area code every time, never a 555, N11 or service exchange', () => {
    const numbers = inventory('626');
    expect(numbers).toHaveLength(NUMBERS_PER_AREA_CODE);
    expect(inventory('626')).toEqual(numbers);
    expect(new Set(numbers).size).toBe(numbers.length);
    for (const n of numbers) {
      expect(n.startsWith('626')).toBe(true);
      expect(isUsPhone(n)).toBe(true);
      const exchange = n.slice(3, 6);
      expect(exchange.endsWith('11') || ['555', '950', '958', '959', '976'].includes(exchange)).toBe(false);
    }
    expect(inventory('718')).not.toEqual(numbers.map((n) => `718${n.slice(3)}`));
  });

  it('has none for an exhausted or an unserved area code', () => {
    expect(inventory('212')).toEqual([]);
    expect(inventory('907')).toEqual([]);
  });
});

describe.each(testDatabases({ postgres: false, because: 'the network sandbox rules, one request at a time' }))('network sandbox on %s', (_name, databaseUrl) => {
  let server: TestServer;
  let network: NetworkAdapter;
  beforeAll(async () => {
    server = await startTestServer({ databaseUrl, config: { networkDelayMs: NETWORK_DELAY_MS, portDelayMs: PORT_DELAY_MS } });
    network = server.app.deps.network;
  });
  afterAll(async () => { await server?.close(); });

  describe('numbers', () => {
    it('offers free numbers of the area code asked for', async () => {
      const { numbers, nearbyAreaCodes } = await network.availableNumbers('626', 12);
      expect(numbers).toHaveLength(12);
      expect(numbers.every((n) => inventory('626').includes(n))).toBe(true);
      expect(nearbyAreaCodes).toEqual([]);
    });

    it('points to nearby area codes when the one asked for has none', async () => {
      expect(await network.availableNumbers('212', 12)).toEqual({ numbers: [], nearbyAreaCodes: ['646', '332', '917'] });
      expect(await network.availableNumbers('415', 12)).toEqual({ numbers: [], nearbyAreaCodes: ['628', '650', '510'] });
      expect(await network.availableNumbers('907', 12)).toEqual({ numbers: [], nearbyAreaCodes: [] });
    });

    it('reserves a number for one card: again for that card, never for another; the offer leaves it out', async () => {
      const [a, b] = [iccid(), iccid()];
      const [first, second, third] = inventory('718');
      expect(await network.reserveNumber(first!, a), 'reserve').toBe(true);
      expect(await network.reserveNumber(first!, a), 'again').toBe(true);
      expect(await network.reserveNumber(first!, b), 'other card').toBe(false);
      expect((await network.availableNumbers('718', NUMBERS_PER_AREA_CODE)).numbers).not.toContain(first);

      // One number per card: choosing another gives the first back.
      expect(await network.reserveNumber(second!, a)).toBe(true);
      expect(await network.reserveNumber(first!, b)).toBe(true);
      expect(await network.reserveNumber(second!, b)).toBe(false);
      expect(await network.reserveNumber(third!, b)).toBe(true);
      expect(await network.reserveNumber(first!, a)).toBe(true);
      const offered = (await network.availableNumbers('718', NUMBERS_PER_AREA_CODE)).numbers;
      expect(offered).toContain(second);
      expect(offered).not.toContain(first);
      expect(offered).not.toContain(third);
    });

    it('lets a reservation lapse after its time, and refuses numbers outside the inventory', async () => {
      const [a, b] = [iccid(), iccid()];
      const n = inventory('929')[5]!;
      expect(await network.reserveNumber(n, a)).toBe(true);
      server.clock.advance(RESERVATION_MS - 1000);
      expect(await network.reserveNumber(n, b)).toBe(false);
      server.clock.advance(1000);
      expect(await network.reserveNumber(n, b)).toBe(true);
      expect(await network.reserveNumber('2125550123', a)).toBe(false);
    });

    it('an area code whose numbers are all held points to its neighbours', async () => {
      const card = iccid();
      const numbers = inventory('808');
      // Hawaii's only area code: held entirely, with nowhere nearby.
      for (const n of numbers) await server.db.insert(sandboxNumbers).values({ msisdn: n, areaCode: '808', iccid: `${card}${n}`, state: 'assigned' });
      expect(await network.availableNumbers('808', 12)).toEqual({ numbers: [], nearbyAreaCodes: [] });
      const la = inventory('747');
      for (const n of la) await server.db.insert(sandboxNumbers).values({ msisdn: n, areaCode: '747', iccid: `${card}${n}`, state: 'assigned' });
      expect(await network.availableNumbers('747', 12)).toEqual({ numbers: [], nearbyAreaCodes: ['213', '323', '626'] });
    });
  });

  describe('provisioning', () => {
    it('answers after the network delay on the clock, once per request id, and takes the number for good', async () => {
      const card = iccid();
      const other = iccid();
      const msisdn = inventory('646')[0]!;
      expect(await network.reserveNumber(msisdn, card)).toBe(true);
      const id = requestId('provision');
      const req = { requestId: id, iccid: card, kind: 'us', simType: 'physical', msisdn, e911: E911 } as const;
      const { ref } = await network.provision(req);
      expect(ref).toMatch(/^PRV[0-9A-F]{16}$/);
      expect(await network.provision(req)).toEqual({ ref });
      expect(await network.provisionStatus(ref)).toEqual({ state: 'pending' });
      server.clock.advance(NETWORK_DELAY_MS - 1000);
      expect(await network.provisionStatus(ref)).toEqual({ state: 'pending' });
      server.clock.advance(1000);
      expect(await network.provisionStatus(ref)).toEqual({ state: 'done' });
      expect(await network.provision(req)).toEqual({ ref });
      expect((await server.db.select().from(sandboxProvisions)).filter((p) => p.requestId === id)).toHaveLength(1);

      // Assigned: never offered again, even once a reservation would have lapsed.
      server.clock.advance(RESERVATION_MS);
      expect((await network.availableNumbers('646', NUMBERS_PER_AREA_CODE)).numbers).not.toContain(msisdn);
      expect(await network.reserveNumber(msisdn, other)).toBe(false);
    });

    it('fails on the documented test value: an E911 address numbered 0', async () => {
      const { ref } = await network.provision({
        requestId: requestId('provision'), iccid: iccid(), kind: 'us', simType: 'esim', msisdn: null, e911: { ...E911, address1: '0 Nowhere St' },
      });
      expect(await network.provisionStatus(ref)).toEqual({ state: 'pending' });
      server.clock.advance(NETWORK_DELAY_MS);
      expect(await network.provisionStatus(ref)).toEqual({ state: 'failed', failure: E911_FAILURE });
    });

    it('fails when the number is not reserved for the card', async () => {
      const holder = iccid();
      const msisdn = inventory('347')[3]!;
      expect(await network.reserveNumber(msisdn, holder)).toBe(true);
      const { ref } = await network.provision({ requestId: requestId('provision'), iccid: iccid(), kind: 'us', simType: 'physical', msisdn, e911: null });
      server.clock.advance(NETWORK_DELAY_MS);
      expect(await network.provisionStatus(ref)).toEqual({ state: 'failed', failure: NUMBER_UNAVAILABLE });
    });

    it('still gives the card its number when its reservation lapsed and nobody took it', async () => {
      const card = iccid();
      const msisdn = inventory('347')[7]!;
      expect(await network.reserveNumber(msisdn, card)).toBe(true);
      server.clock.advance(RESERVATION_MS + 1000);
      const { ref } = await network.provision({ requestId: requestId('provision'), iccid: card, kind: 'us', simType: 'physical', msisdn, e911: null });
      server.clock.advance(NETWORK_DELAY_MS);
      expect(await network.provisionStatus(ref)).toEqual({ state: 'done' });
      expect(await network.reserveNumber(msisdn, iccid())).toBe(false);
    });

    it('provisions a global data SIM without a number', async () => {
      const { ref } = await network.provision({ requestId: requestId('provision'), iccid: iccid(), kind: 'global', simType: 'physical', msisdn: null, e911: null });
      server.clock.advance(NETWORK_DELAY_MS);
      expect(await network.provisionStatus(ref)).toEqual({ state: 'done' });
    });
  });

  describe('port-in', () => {
    const port = (over: Partial<{ msisdn: string; accountNumber: string; pin: string; accountZip: string }> = {}) => network.submitPortIn({
      requestId: requestId('port'), iccid: iccid(), msisdn: '6265550142', carrier: 'T-Mobile',
      accountNumber: ACCOUNT_NUMBER, pin: PIN, accountZip: '91776', ...over,
    });
    const answerAfterDelay = async (ref: string) => {
      expect(await network.portInStatus(ref)).toEqual({ state: 'pending' });
      // The clock runs on in real time too: a second's margin, not a millisecond's.
      server.clock.advance(PORT_DELAY_MS - 1000);
      expect(await network.portInStatus(ref)).toEqual({ state: 'pending' });
      server.clock.advance(1000);
      return network.portInStatus(ref);
    };

    it('completes after the port delay when every detail matches, and the number is then held by the network', async () => {
      const { ref } = await port({ msisdn: '6465550187' });
      expect(ref).toMatch(/^PRT[0-9A-F]{16}$/);
      expect(await answerAfterDelay(ref)).toEqual({ state: 'completed' });
      expect(await network.reserveNumber('6465550187', iccid())).toBe(false);
    });

    it.each([
      ['PIN 0000', { pin: '0000' }, { state: 'informationRequired', reason: 'pin' }],
      ['account number 000000000', { accountNumber: '000000000' }, { state: 'informationRequired', reason: 'accountNumber' }],
      ['account zip 99999', { accountZip: '99999' }, { state: 'informationRequired', reason: 'zipMismatch' }],
      ['number 2015550101', { msisdn: '2015550101' }, { state: 'informationRequired', reason: 'nameMismatch' }],
      ['number 2015550199', { msisdn: '2015550199' }, { state: 'declined', reason: 'notPortable' }],
    ] as const)('%s: the carrier answers %j in its own words', async (_label, over, expected) => {
      const { ref } = await port(over);
      expect(await answerAfterDelay(ref)).toEqual({ ...expected, carrierMessage: CARRIER_MESSAGES[expected.reason] });
    });

    it('is idempotent by request id: the same request answers the same reference and is judged once', async () => {
      const req = { requestId: requestId('port'), iccid: iccid(), msisdn: '7185550144', carrier: 'Verizon', accountNumber: ACCOUNT_NUMBER, pin: PIN, accountZip: '11354' };
      const { ref } = await network.submitPortIn(req);
      // A retry that (wrongly) carried other details does not make a second request.
      expect(await network.submitPortIn({ ...req, pin: '0000' })).toEqual({ ref });
      expect(await answerAfterDelay(ref)).toEqual({ state: 'completed' });
    });

    it('takes a correction on the same request: the fixed value completes after the delay; a retried correction counts once', async () => {
      const { ref } = await port({ pin: '0000' });
      expect((await answerAfterDelay(ref)).state).toBe('informationRequired');
      const correction = { requestId: requestId('correction'), carrier: 'T-Mobile', msisdn: '6265550142', accountNumber: ACCOUNT_NUMBER, pin: PIN, accountZip: '91776' };
      await network.correctPortIn(ref, correction);
      server.clock.advance(PORT_DELAY_MS / 2);
      await network.correctPortIn(ref, correction);
      server.clock.advance(PORT_DELAY_MS / 2);
      expect(await network.portInStatus(ref)).toEqual({ state: 'completed' });
      expect((await server.db.select().from(sandboxPortCorrections)).filter((c) => c.ref === ref)).toHaveLength(1);
    });

    it('a correction that does not fix it is refused again; one on a request not waiting for details is an error', async () => {
      const { ref } = await port({ accountZip: '99999' });
      await expect(network.correctPortIn(ref, { requestId: requestId('correction'), carrier: 'AT&T', msisdn: '6265550142', accountNumber: ACCOUNT_NUMBER, pin: PIN, accountZip: '91776' }))
        .rejects.toThrow(/not waiting for corrected details/);
      expect((await answerAfterDelay(ref)).reason).toBe('zipMismatch');
      await network.correctPortIn(ref, { requestId: requestId('correction'), carrier: 'AT&T', msisdn: '6265550142', accountNumber: '000000000', pin: PIN, accountZip: '91776' });
      expect(await answerAfterDelay(ref)).toEqual({ state: 'informationRequired', reason: 'accountNumber', carrierMessage: CARRIER_MESSAGES.accountNumber });
      await expect(network.portInStatus('PRT0000000000000000')).rejects.toThrow(/no port request/);
    });

    it('keeps no account number or PIN', async () => {
      const rows = JSON.stringify(await server.db.select().from(sandboxPortRequests));
      expect(rows).toContain('6265550142');
      expect(rows).not.toContain(ACCOUNT_NUMBER);
      expect(rows).not.toContain(`"${PIN}"`);
    });
  });
});
