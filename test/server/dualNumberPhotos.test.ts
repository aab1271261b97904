/**
 * The real-name ID photos on the gateway (issue 16; spec section 5: "images JPG only, max 1MB"): the issue's list of
 * uploads, each refused with its code and the spec's message and nothing stored; a photo's EXIF and GPS gone from
 * what is stored and read back; stored encrypted; another customer's photo neither readable nor usable in a form;
 * the messages in the language the request asks for.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { endpoints } from '../../src/contract';
import type { DualNumberData, UploadedImage } from '../../src/contract/dualNumber';
import { DAY_MS } from '../../src/domain/planCalendar';
import { newIccid } from '../../src/server/activation/sims';
import { balances, customers, idImages, lines, planSubscriptions, plans, realNameApplications } from '../../src/server/db/schema';
import { MAX_IMAGE_BYTES } from '../../src/server/images';
import { createSession } from '../../src/server/http/sessions';
import { startTestServer, testDatabases, type TestServer } from '../support/server';
import { bearer, call, randomIp, randomPhone, type Answer } from './helpers';
import { errorText } from './ordersHelpers';
import { noiseImage, padTo, sofOffset, zipOf } from '../support/jpegFixtures';

const raw = (width: number, height: number) => noiseImage(width, height, 7);
const jpeg = (width = 240, height = 160) => raw(width, height).jpeg({ quality: 80 }).toBuffer();

/** A camera's photo: EXIF with the maker and GPS coordinates. */
const cameraPhoto = () => raw(200, 120)
  .withExif({ IFD0: { Make: 'TestCam', Model: 'Model X' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '31/1 14/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '121/1 28/1 0/1' } })
  .jpeg({ quality: 90 })
  .toBuffer();

interface Customer { customerId: number; lineId: number; phone: string }

describe.each(testDatabases())('ID photo uploads (%s)', (_name, databaseUrl) => {
  let server: TestServer;
  let planId: number;
  beforeAll(async () => {
    server = await startTestServer({ databaseUrl });
    planId = (await server.db.select().from(plans).where(eq(plans.slug, '5gb-plan')))[0]!.id;
  });
  afterAll(async () => { await server?.close(); });

  async function customer(): Promise<Customer> {
    const phone = randomPhone();
    const [c] = await server.db.insert(customers).values({ username: `photo${randomBytes(5).toString('hex')}`, phone }).returning({ id: customers.id });
    const [l] = await server.db.insert(lines).values({ customerId: c!.id, msisdn: phone, iccid: newIccid('us'), simType: 'esim', simStatus: 'activated' }).returning({ id: lines.id });
    const now = server.clock.now();
    await server.db.insert(planSubscriptions).values({ lineId: l!.id, planId, status: 'main', startsAt: new Date(now.getTime() - DAY_MS), expiresAt: new Date(now.getTime() + 300 * DAY_MS) });
    await server.db.insert(balances).values({ customerId: c!.id, generalCents: 1000 });
    return { customerId: c!.id, lineId: l!.id, phone };
  }
  const auth = async (c: Customer) => bearer((await createSession(server.app.deps, c.customerId, 'password')).access_token);

  async function upload(c: Customer, body: Buffer, init: { slot?: string; headers?: Record<string, string> } = {}) {
    const res = await fetch(new URL(`${endpoints.dualNumberUpload.path}?slot=${init.slot ?? 'front'}`, server.url), {
      method: 'POST', headers: { 'content-type': 'image/jpeg', 'x-forwarded-for': randomIp(), ...(await auth(c)), ...init.headers }, body: new Uint8Array(body),
    });
    return { status: res.status, body: (await res.json()) as Answer<UploadedImage>['body'] };
  }
  const stored = async () => (await server.db.select({ n: sql<number>`count(*)::int` }).from(idImages))[0]!.n;

  it('takes 30 uploads a day per customer, counted in one step: 31 sent at once store 30 and refuse 1 (429)', async () => {
    const c = await customer();
    const photo = await jpeg(64, 48);
    const before = await stored();
    const answers = await Promise.all(Array.from({ length: 31 }, () => upload(c, photo)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(30);
    expect(answers.filter((a) => a.status === 429).map((a) => a.body.code)).toEqual(['rateLimited']);
    expect(await stored()).toBe(before + 30);
  });

  it('refuses each of the issue\'s uploads with its code, status and the spec\'s message, and stores nothing', async () => {
    const c = await customer();
    const photo = await jpeg();
    const png = await raw(40, 40).png().toBuffer();
    const bomb = Buffer.from(await jpeg(16, 16));
    bomb.writeUInt16BE(30_000, sofOffset(bomb) + 3);
    bomb.writeUInt16BE(30_000, sofOffset(bomb) + 5);
    const boundary = 'x-boundary-7';
    const multipart = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="../../x.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
      photo, Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const cases: Array<[what: string, body: Buffer, code: string, status: number, headers?: Record<string, string>]> = [
      ['a PNG named .jpg', png, 'imageOnlyJpg', 415, { 'content-disposition': 'attachment; filename="id-front.jpg"' }],
      ['a truncated JPG', photo.subarray(0, Math.floor(photo.length * 0.6)), 'imageUploadFailed', 422],
      ['0 bytes', Buffer.alloc(0), 'imageUploadFailed', 422],
      ['1 MB + 1 byte', padTo(photo, MAX_IMAGE_BYTES + 1), 'imageTooLarge', 413],
      ['a JPG under 1 MB declaring 30000 x 30000 pixels', bomb, 'imageTooLarge', 413],
      ['a JPG that is also a ZIP', Buffer.concat([photo, zipOf('payload.txt', 'not a photo')]), 'imageOnlyJpg', 415],
      ['a form upload of a file named ../../x.jpg (the API takes the JPEG itself, not a form)', multipart, 'imageOnlyJpg', 415, { 'content-type': `multipart/form-data; boundary=${boundary}` }],
    ];
    expect(bomb.length).toBeLessThan(2048);
    expect(padTo(photo, MAX_IMAGE_BYTES + 1).length).toBe(MAX_IMAGE_BYTES + 1);
    const before = await stored();
    for (const [what, body, code, status, headers] of cases) {
      const answer = await upload(c, body, { headers });
      expect({ what, status: answer.status, code: answer.body.code, message: answer.body.message }).toEqual({ what, status, code, message: errorText('en', code) });
      expect(answer.body.data, what).toEqual({ field: 'front' });
    }
    expect(await stored()).toBe(before);
    // The spec's three messages: "only JPG", "max 1MB", "picture upload failed".
    expect(errorText('en', 'imageOnlyJpg')).toMatch(/Only JPG/);
    expect(errorText('en', 'imageTooLarge')).toMatch(/1 MB/);
    expect(errorText('en', 'imageUploadFailed')).toMatch(/could not be uploaded/);
  });

  it('answers 3 MB with "max 1MB" (413, the envelope), not a dropped connection, and stores nothing', async () => {
    const c = await customer();
    const before = await stored();
    const big = padTo(await jpeg(), 3 * 1024 * 1024);
    const answer = await upload(c, big);
    expect(answer).toMatchObject({ status: 413, body: { code: 'imageTooLarge', message: errorText('en', 'imageTooLarge') } });
    // And without a Content-Length (chunked): the same answer once 2 MB have arrived.
    const res = await fetch(new URL(`${endpoints.dualNumberUpload.path}?slot=front`, server.url), {
      method: 'POST', headers: { 'content-type': 'image/jpeg', ...(await auth(c)) },
      body: new ReadableStream({ start(controller) { controller.enqueue(new Uint8Array(big)); controller.close(); } }), duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(((await res.json()) as { code: string }).code).toBe('imageTooLarge');
    expect(await stored()).toBe(before);
    // The server still answers this customer on the same footing.
    expect((await upload(c, await jpeg())).status).toBe(200);
  });

  it('takes a JPEG whatever its name says (../../x.jpg), under a reference of its own, writing no file', async () => {
    const c = await customer();
    const targets = [resolve('../../x.jpg'), resolve('data', '../../x.jpg'), resolve('x.jpg'), resolve('/x.jpg')];
    const existed = targets.map((t) => existsSync(t));
    const answer = await upload(c, await jpeg(), { headers: { 'content-disposition': 'attachment; filename="../../x.jpg"', 'x-file-name': '../../x.jpg' } });
    expect(answer.status).toBe(200);
    expect(answer.body.data!.ref).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(JSON.stringify(answer.body)).not.toContain('x.jpg');
    expect(targets.map((t) => existsSync(t))).toEqual(existed);
    const [row] = await server.db.select().from(idImages).where(eq(idImages.ref, answer.body.data!.ref));
    expect(row).toMatchObject({ customerId: c.customerId, slot: 'front', applicationId: null });
    expect(JSON.stringify({ ...row, sealed: null })).not.toContain('x.jpg');
  });

  it('stores a photo without its EXIF and GPS, re-encoded and encrypted; reads it back to its owner only', async () => {
    const c = await customer();
    const original = await cameraPhoto();
    const before = await sharp(original).metadata();
    expect(before.exif).toBeDefined();
    expect(original.includes('TestCam')).toBe(true);
    const answer = await upload(c, original, { slot: 'handheld' });
    expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ code: '200', data: { slot: 'handheld', width: 200, height: 120 } });
    const ref = answer.body.data!.ref;

    const back = await fetch(new URL(`${endpoints.dualNumberPhoto.path}?ref=${ref}`, server.url), { headers: await auth(c) });
    expect(back.status).toBe(200);
    expect(back.headers.get('content-type')).toBe('image/jpeg');
    expect(back.headers.get('cache-control')).toContain('no-store');
    const jpegBack = Buffer.from(await back.arrayBuffer());
    const meta = await sharp(jpegBack).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 200, height: 120 });
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    for (const trace of ['TestCam', 'Model X', 'Exif\0\0']) expect(jpegBack.includes(trace), trace).toBe(false);
    expect(jpegBack.equals(original)).toBe(false);
    expect(jpegBack.length).toBe(answer.body.data!.bytes);

    // At rest: not a JPEG, not the photo's bytes, nothing of the EXIF.
    const [row] = await server.db.select().from(idImages).where(eq(idImages.ref, ref));
    const sealed = row!.sealed!;
    expect(sealed.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(false);
    expect(sealed.includes(jpegBack.subarray(200, 232))).toBe(false);
    for (const trace of ['TestCam', 'Exif', 'JFIF']) expect(sealed.includes(trace), trace).toBe(false);
    expect(sealed.length).toBe(1 + 12 + 16 + jpegBack.length);

    // Another customer: 404 noRecord, the same answer as a reference nobody has.
    const other = await customer();
    for (const r of [ref, 'Q'.repeat(24)]) {
      const theirs = await call(server, endpoints.dualNumberPhoto, { query: { ref: r }, headers: await auth(other) });
      expect(theirs.status, r).toBe(404);
      expect(theirs.body.code).toBe('noRecord');
    }
    // Nobody logged in: 401.
    expect((await call(server, endpoints.dualNumberPhoto, { query: { ref } })).status).toBe(401);
  });

  it('refuses a form with another customer\'s photo (idPhotosMissing) and keeps that photo where it was', async () => {
    const owner = await customer();
    const thief = await customer();
    const theirs = (await upload(owner, await jpeg(), { slot: 'back' })).body.data!.ref;
    const own = { handheld: (await upload(thief, await jpeg(), { slot: 'handheld' })).body.data!.ref, front: (await upload(thief, await jpeg(), { slot: 'front' })).body.data!.ref };
    expect((await call(server, endpoints.dualNumberApply, { headers: await auth(thief) })).body.code).toBe('200');
    const form = { nationality: 'US', idType: 'passport', idName: 'Mei Chen', idNumber: 'X12345678', issuePlace: 'Los Angeles', address: '1 Main Street, Los Angeles' };
    const refused = await call<DualNumberData>(server, endpoints.dualNumberSubmit, { body: { ...form, photos: { ...own, back: theirs } }, headers: await auth(thief) });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ code: 'idPhotosMissing', message: errorText('en', 'idPhotosMissing'), data: { field: 'back', missing: ['back'] } });
    // A photo of the right owner in the wrong slot is missing too.
    const wrongSlot = await call(server, endpoints.dualNumberSubmit, { body: { ...form, photos: { handheld: own.front, front: own.handheld, back: own.front } }, headers: await auth(thief) });
    expect(wrongSlot.body.code).toBe('idPhotosMissing');
    expect(await server.db.select().from(realNameApplications).where(eq(realNameApplications.customerId, thief.customerId))).toEqual([]);
    const [stillTheirs] = await server.db.select().from(idImages).where(eq(idImages.ref, theirs));
    expect(stillTheirs).toMatchObject({ customerId: owner.customerId, applicationId: null, deletedAt: null });
    expect((await call<DualNumberData>(server, endpoints.dualNumberInfo, { headers: await auth(thief) })).body.data!.state).toBe('realNameNeeded');
  });

  it('answers in Simplified Chinese when the Language header asks for it', async () => {
    const c = await customer();
    const png = await raw(30, 30).png().toBuffer();
    const cases: Array<[Buffer, string]> = [[png, 'imageOnlyJpg'], [Buffer.alloc(0), 'imageUploadFailed'], [padTo(await jpeg(), MAX_IMAGE_BYTES + 1), 'imageTooLarge'], [padTo(await jpeg(), 3 * 1024 * 1024), 'imageTooLarge']];
    for (const [body, code] of cases) {
      const answer = await upload(c, body, { headers: { Language: 'zh-Hans' } });
      expect(answer.body.code).toBe(code);
      expect(answer.body.message).toBe(errorText('zh-Hans', code));
      expect(answer.body.message).toMatch(/[\u4e00-\u9fff]/);
    }
  });
});
