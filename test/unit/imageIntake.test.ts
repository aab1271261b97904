import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { intakeJpeg, MAX_IMAGE_BYTES, MAX_JPEG_SCANS } from '../../src/server/images/intake';
import { imageKeyFrom, openImage, sealImage } from '../../src/server/images/seal';
import { afterSoi, noiseImage, padTo, segment, sofOffset, zipOf } from '../support/jpegFixtures';

const raw = (width: number, height: number) => noiseImage(width, height, 12345);
const jpeg = (width: number, height: number, quality = 80) => raw(width, height).jpeg({ quality }).toBuffer();

/** A camera-like photo: EXIF with the maker, GPS coordinates, orientation 6 (turn right) and a Display P3 profile. */
const cameraPhoto = () => raw(200, 100)
  .withExif({ IFD0: { Make: 'TestCam', Model: 'Model X' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '31/1 14/1 0/1' } })
  .withMetadata({ orientation: 6 })
  .withIccProfile('p3')
  .jpeg({ quality: 90 })
  .toBuffer();

describe('an uploaded ID photo', () => {
  it('is accepted as a JPEG re-encoded without EXIF, GPS or ICC, turned upright by its EXIF orientation', async () => {
    const photo = await cameraPhoto();
    const before = await sharp(photo).metadata();
    expect(before.exif).toBeDefined();
    expect(before.icc).toBeDefined();
    expect(photo.includes('TestCam')).toBe(true);

    const result = await intakeJpeg(photo);
    if (!result.ok) throw new Error(`refused: ${result.reason}`);
    expect([result.width, result.height]).toEqual([100, 200]);
    const after = await sharp(result.jpeg).metadata();
    expect(after).toMatchObject({ format: 'jpeg', width: 100, height: 200 });
    expect(after.exif).toBeUndefined();
    expect(after.icc).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    for (const trace of ['TestCam', 'Model X', 'Exif\0\0', 'ICC_PROFILE']) expect(result.jpeg.includes(trace)).toBe(false);
  });

  it('is refused as not a JPEG when it is a PNG or a GIF, whatever it is called', async () => {
    const png = await raw(20, 20).png().toBuffer();
    const gif = await raw(20, 20).gif().toBuffer();
    expect(await intakeJpeg(png)).toEqual({ ok: false, reason: 'onlyJpg' });
    expect(await intakeJpeg(gif)).toEqual({ ok: false, reason: 'onlyJpg' });
  });

  it('is refused as a failed upload when it is empty, or cut short', async () => {
    const photo = await jpeg(200, 100);
    expect(await intakeJpeg(Buffer.alloc(0))).toEqual({ ok: false, reason: 'uploadFailed' });
    expect(await intakeJpeg(photo.subarray(0, Math.floor(photo.length * 0.6)))).toEqual({ ok: false, reason: 'uploadFailed' });
    expect(await intakeJpeg(photo.subarray(0, photo.length - 2))).toEqual({ ok: false, reason: 'uploadFailed' });
  });

  it('is refused as a failed upload when its scan was cut and an end marker appended (the decoder notices)', async () => {
    const photo = await jpeg(200, 100);
    const cut = Buffer.concat([photo.subarray(0, Math.floor(photo.length * 0.6)), Buffer.from([0xff, 0xd9])]);
    expect(await intakeJpeg(cut)).toEqual({ ok: false, reason: 'uploadFailed' });
  });

  it('is accepted at exactly 1 MB and refused one byte over, before decoding', async () => {
    const photo = await jpeg(200, 100);
    const atLimit = padTo(photo, MAX_IMAGE_BYTES);
    expect(atLimit.length).toBe(MAX_IMAGE_BYTES);
    const accepted = await intakeJpeg(atLimit);
    expect(accepted).toMatchObject({ ok: true, width: 200, height: 100 });
    expect(await intakeJpeg(padTo(photo, MAX_IMAGE_BYTES + 1))).toEqual({ ok: false, reason: 'tooLarge' });
    const notEvenAnImage = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(MAX_IMAGE_BYTES - 2)]);
    expect(await intakeJpeg(notEvenAnImage)).toEqual({ ok: false, reason: 'tooLarge' });
  });

  it('is refused as too large, at once, when a small file declares 30000 x 30000 pixels (a decompression bomb)', async () => {
    const bomb = Buffer.from(await jpeg(16, 16));
    const sof = sofOffset(bomb);
    bomb.writeUInt16BE(30_000, sof + 3);
    bomb.writeUInt16BE(30_000, sof + 5);
    expect(bomb.length).toBeLessThan(2048);
    const started = performance.now();
    expect(await intakeJpeg(bomb)).toEqual({ ok: false, reason: 'tooLarge' });
    expect(performance.now() - started).toBeLessThan(50);
  });

  it('is refused as too large when it declares a side over 10,000 px, even with few pixels', async () => {
    const strip = Buffer.from(await jpeg(16, 16));
    strip.writeUInt16BE(12_000, sofOffset(strip) + 5);
    strip.writeUInt16BE(8, sofOffset(strip) + 3);
    expect(await intakeJpeg(strip)).toEqual({ ok: false, reason: 'tooLarge' });
  });

  it('is refused as too large when it repeats its scans past the limit (the progressive-JPEG CPU bomb)', async () => {
    const photo = await raw(64, 64).jpeg({ progressive: true }).toBuffer();
    const lastScan = photo.lastIndexOf(Buffer.from([0xff, 0xda]));
    const scan = photo.subarray(lastScan, photo.length - 2);
    const scans = Array.from({ length: MAX_JPEG_SCANS }, () => scan);
    const repeated = Buffer.concat([photo.subarray(0, lastScan), ...scans, Buffer.from([0xff, 0xd9])]);
    expect(await intakeJpeg(repeated)).toEqual({ ok: false, reason: 'tooLarge' });
    expect(await intakeJpeg(photo)).toMatchObject({ ok: true, width: 64, height: 64 });
  });

  it('is refused as not a JPEG when it is also a ZIP, appended or hidden in a comment', async () => {
    const photo = await jpeg(200, 100);
    const archive = zipOf('payload.txt', 'not a photo');
    expect(await intakeJpeg(Buffer.concat([photo, archive]))).toEqual({ ok: false, reason: 'onlyJpg' });
    expect(await intakeJpeg(afterSoi(photo, segment(0xfe, archive)))).toEqual({ ok: false, reason: 'onlyJpg' });
  });

  it('is accepted when other data follows its end (a motion photo\'s video, a maker\'s trailer), which the re-encoding drops', async () => {
    const photo = await jpeg(200, 100);
    const trailer = Buffer.concat([Buffer.from('\0\0\0\x18ftypmp42', 'latin1'), Buffer.alloc(4000, 'v')]);
    const result = await intakeJpeg(Buffer.concat([photo, trailer]));
    expect(result).toMatchObject({ ok: true, width: 200, height: 100 });
    if (result.ok) expect(result.jpeg.includes(Buffer.from('ftypmp42', 'latin1'))).toBe(false);
  });

  it('finds its own end past a thumbnail that has an end marker of its own, in APP1', async () => {
    const photo = await jpeg(200, 100);
    const thumbnail = await jpeg(16, 8);
    const tiff = Buffer.from('MM\0\x2a\0\0\0\x08\0\0\0\0\0\0', 'latin1'); // big-endian TIFF header, an empty IFD0
    const app1 = segment(0xe1, Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff, thumbnail, Buffer.alloc(64, 'y')]));
    const result = await intakeJpeg(afterSoi(photo, app1));
    expect(result).toMatchObject({ ok: true, width: 200, height: 100 });
  });

  it('is re-encoded at a lower quality when the first re-encoding passes 1 MB, and refused when that does too', async () => {
    const dense = await raw(1900, 1900).jpeg({ quality: 20 }).toBuffer();
    expect((await sharp(dense).jpeg({ quality: 85 }).toBuffer()).length).toBeGreaterThan(MAX_IMAGE_BYTES);
    const result = await intakeJpeg(dense);
    if (!result.ok) throw new Error(`refused: ${result.reason}`);
    expect(result.jpeg.length).toBeLessThanOrEqual(MAX_IMAGE_BYTES);

    const denser = await raw(2200, 2200).jpeg({ quality: 20 }).toBuffer();
    expect(denser.length).toBeLessThanOrEqual(MAX_IMAGE_BYTES);
    expect(await intakeJpeg(denser)).toEqual({ ok: false, reason: 'tooLarge' });
  });
});

describe('an ID photo sealed at rest', () => {
  const key = imageKeyFrom('a server secret');
  const photo = Buffer.from('\xff\xd8\xff pretend these are pixels \xff\xd9', 'latin1');

  it('opens with its key and binding, and is not stored in clear', () => {
    const sealed = sealImage(key, photo, 'dual-image:7');
    expect(sealed[0]).toBe(1);
    expect(sealed.length).toBe(1 + 12 + 16 + photo.length);
    expect(sealed.includes(photo.subarray(3, 20))).toBe(false);
    expect(openImage(key, sealed, 'dual-image:7')).toEqual(photo);
    expect(sealImage(key, photo, 'dual-image:7')).not.toEqual(sealed);
  });

  it('does not open on another record, under another key, or with any byte changed', () => {
    const sealed = sealImage(key, photo, 'dual-image:7');
    expect(() => openImage(key, sealed, 'dual-image:8')).toThrow();
    expect(() => openImage(imageKeyFrom('another secret'), sealed, 'dual-image:7')).toThrow();
    for (const at of [0, 5, 20, sealed.length - 1]) {
      const tampered = Buffer.from(sealed);
      tampered[at] = (tampered[at] ?? 0) ^ 0x01;
      expect(() => openImage(key, tampered, 'dual-image:7')).toThrow();
    }
    expect(() => openImage(key, sealed.subarray(0, 20), 'dual-image:7')).toThrow();
  });

  it('derives a 32-byte key per secret, the same each time', () => {
    expect(imageKeyFrom('a server secret')).toHaveLength(32);
    expect(imageKeyFrom('a server secret')).toEqual(key);
    expect(imageKeyFrom('another secret')).not.toEqual(key);
  });
});
