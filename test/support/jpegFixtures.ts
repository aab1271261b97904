/**
 * Image fixtures for the upload tests (unit/imageIntake, server/dualNumberPhotos, server/campaigns): pixels that
 * compress like a photo, JPEG segments spliced in after the SOI, a JPEG padded to an exact size, and a real ZIP archive
 * to hide behind one. Built the same every run.
 */
import { crc32 } from 'node:zlib';
import sharp from 'sharp';

/** Pseudo-random RGB pixels (an LCG, so every run builds the same fixtures): noise compresses badly, like detail. */
export function noise(width: number, height: number, seed: number): Buffer {
  const pixels = Buffer.alloc(width * height * 3);
  let state = seed;
  for (let i = 0; i < pixels.length; i += 1) {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    pixels[i] = state >>> 24;
  }
  return pixels;
}

/** A sharp pipeline over `noise` pixels, to encode as the test needs. */
export const noiseImage = (width: number, height: number, seed: number) => sharp(noise(width, height, seed), { raw: { width, height, channels: 3 } });

/** A JPEG segment: its marker, its length and its payload. */
export const segment = (marker: number, payload: Buffer) => {
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([head, payload]);
};

/** The image with `segments` right after its SOI marker. */
export const afterSoi = (image: Buffer, ...segments: Buffer[]) => Buffer.concat([image.subarray(0, 2), ...segments, image.subarray(2)]);

/** Pads a JPEG to exactly `size` bytes with comment segments (up to 65,533 bytes of payload each) after its SOI: still a valid image. */
export function padTo(image: Buffer, size: number): Buffer {
  const comments: Buffer[] = [];
  let missing = size - image.length;
  while (missing > 0) {
    let take = Math.min(missing, 65_537);
    if (missing - take > 0 && missing - take < 4) take -= 4;
    comments.push(segment(0xfe, Buffer.alloc(take - 4, 'A')));
    missing -= take;
  }
  return afterSoi(image, ...comments);
}

/** The offset of the first SOF segment's length field, found by walking the segments as a reader would. */
export function sofOffset(image: Buffer): number {
  let at = 2;
  while (at < image.length) {
    const marker = image[at + 1] ?? 0;
    if (marker === 0xc0 || marker === 0xc2) return at + 2;
    at += 2 + image.readUInt16BE(at + 2);
  }
  throw new Error('no SOF');
}

/** A real (stored, one file) ZIP archive: local header, data, central directory and end record. */
export function zipOf(name: string, content: string): Buffer {
  const data = Buffer.from(content);
  const fileName = Buffer.from(name);
  const crc = crc32(data);
  const local = Buffer.alloc(30);
  local.write('PK\x03\x04', 0, 'latin1');
  local.writeUInt16LE(10, 4);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(data.length, 22);
  local.writeUInt16LE(fileName.length, 26);
  const central = Buffer.alloc(46);
  central.write('PK\x01\x02', 0, 'latin1');
  central.writeUInt16LE(10, 4);
  central.writeUInt16LE(10, 6);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(data.length, 24);
  central.writeUInt16LE(fileName.length, 28);
  const end = Buffer.alloc(22);
  end.write('PK\x05\x06', 0, 'latin1');
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + fileName.length, 12);
  end.writeUInt32LE(local.length + fileName.length + data.length, 16);
  return Buffer.concat([local, fileName, data, central, fileName, end]);
}
