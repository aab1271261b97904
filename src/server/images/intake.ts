/**
 * The ID photo a customer uploads for the China dual-number real-name check: refused, or returned as a clean JPEG
 * that sharp decoded and re-encoded (no EXIF, GPS, XMP, ICC or anything else of the original survives, nor any
 * bytes an attacker hid in it). Every rule goes by the bytes, never by the file name or the declared type: a PNG
 * renamed .jpg is still a PNG. The cheap checks (size, signature, the marker segments) run before any decoding, so a
 * hostile file costs a loop over at most 1 MB, not a decoder's allocation.
 */
import sharp from 'sharp';

/** The spec: "images JPG only, max 1MB". 1 MB is 1024 x 1024 bytes; exactly that much is accepted. */
export const MAX_IMAGE_BYTES = 1024 * 1024;

/**
 * Decompression bombs: a 2 KB JPEG may declare 65535 x 65535 pixels, which a decoder would allocate (12 GB of RGB)
 * before finding the data missing. 40 megapixels (about 120 MB decoded) is well above any photo that fits in 1 MB
 * (a 12 MP phone photo already needs strong compression to get there), and a side of 10,000 px refuses the thin
 * strips (1 x 40,000,000) that pass the pixel count yet make a row buffer of their own.
 */
export const MAX_IMAGE_PIXELS = 40_000_000;
export const MAX_IMAGE_SIDE = 10_000;

/**
 * A progressive JPEG is decoded once per scan, so a 1 MB file of thousands of tiny scans costs minutes of CPU at a
 * few megapixels (the known progressive-JPEG denial of service). Encoders write about 10 (libjpeg) to 20 (mozjpeg).
 */
export const MAX_JPEG_SCANS = 100;

const QUALITY = 85;
const FALLBACK_QUALITY = 70;
/** A second guard behind the pixel limits: decoding and re-encoding 40 MP takes about a second, not ten. */
const DECODE_TIMEOUT_SECONDS = 10;

export type ImageRefusal = 'onlyJpg' | 'tooLarge' | 'uploadFailed';
export type ImageIntake = { ok: true; jpeg: Buffer; width: number; height: number } | { ok: false; reason: ImageRefusal };

const ZIP_SIGNATURES = [Buffer.from('PK\x03\x04', 'latin1'), Buffer.from('PK\x05\x06', 'latin1')];
const holdsZip = (part: Buffer) => ZIP_SIGNATURES.some((signature) => part.includes(signature));

export async function intakeJpeg(bytes: Buffer): Promise<ImageIntake> {
  const refusal = refuseBeforeDecoding(bytes);
  if (refusal) return { ok: false, reason: refusal };
  return reencode(bytes);
}

function refuseBeforeDecoding(bytes: Buffer): ImageRefusal | null {
  if (bytes.length === 0) return 'uploadFailed';
  if (bytes.length > MAX_IMAGE_BYTES) return 'tooLarge';
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8 || bytes[2] !== 0xff) return 'onlyJpg';
  const layout = readLayout(bytes);
  // A JPEG that is also a ZIP (a polyglot): refused when the archive sits in a segment (a comment, an APP block) or
  // after the image. The entropy-coded data is not searched: "PK\x03\x04" turns up there by chance. Other data after
  // the image (a phone's motion-photo video, a maker's trailer) is common and is simply not kept by the re-encoding.
  if (layout.zip || (typeof layout.end === 'number' && holdsZip(bytes.subarray(layout.end)))) return 'onlyJpg';
  if (layout.frame && tooManyPixels(layout.frame)) return 'tooLarge';
  if (layout.scans > MAX_JPEG_SCANS) return 'tooLarge';
  if (layout.end === 'broken' || !layout.frame) return 'uploadFailed';
  return null;
}

const tooManyPixels = ({ width, height }: Frame): boolean =>
  width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE || width * height > MAX_IMAGE_PIXELS;

/** A decode error, including sharp's own pixel limit and a scan cut short ("picture upload failed"), is uploadFailed. */
async function reencode(bytes: Buffer): Promise<ImageIntake> {
  try {
    let out = await encode(bytes, QUALITY);
    if (out.data.length > MAX_IMAGE_BYTES) out = await encode(bytes, FALLBACK_QUALITY);
    if (out.data.length > MAX_IMAGE_BYTES) return { ok: false, reason: 'tooLarge' };
    return { ok: true, jpeg: out.data, width: out.info.width, height: out.info.height };
  } catch {
    return { ok: false, reason: 'uploadFailed' };
  }
}

/**
 * failOn 'warning' (sharp's default, named here so nobody relaxes it unknowingly) refuses a scan that ends early
 * even when an end marker was appended. rotate() applies the EXIF orientation, then sharp writes no metadata at all:
 * without keepExif, keepIccProfile, withMetadata and the like it converts to sRGB and drops EXIF, GPS, XMP, IPTC and
 * ICC.
 */
function encode(bytes: Buffer, quality: number) {
  return sharp(bytes, { failOn: 'warning', limitInputPixels: MAX_IMAGE_PIXELS })
    .timeout({ seconds: DECODE_TIMEOUT_SECONDS })
    .rotate()
    .jpeg({ quality, mozjpeg: false })
    .toBuffer({ resolveWithObject: true });
}

type Frame = { width: number; height: number };
/** end: the offset just past the real end-of-image marker, or 'broken' (truncated, or not a marker where one must be). */
type Layout = { frame: Frame | null; scans: number; end: number | 'broken'; zip: boolean };

/** Markers that stand alone, without a length: RST0-7 and TEM. SOI and EOI are handled where they may appear. */
const standalone = (marker: number) => (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01;
/** SOF0-15 but DHT (C4), JPG (C8) and DAC (CC), which share the range. */
const isFrame = (marker: number) => marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
const SOS = 0xda;
const EOI = 0xd9;

/**
 * Walks the marker segments from SOI by their lengths, so the FF D8 .. FF D9 of an EXIF thumbnail inside APP1 is
 * skipped as data and the end found is the image's own. After each SOS the entropy-coded data runs until a marker:
 * FF 00 (a stuffed 0xFF) and FF D0-D7 (restart markers) are data, FF FF is fill before a marker.
 */
function readLayout(bytes: Buffer): Layout {
  const layout: Layout = { frame: null, scans: 0, end: 'broken', zip: false };
  let at = 2;
  for (;;) {
    const marker = markerAt(bytes, at);
    if (!marker) return layout;
    at = marker.next;
    if (marker.code === EOI) return { ...layout, end: at };
    if (standalone(marker.code)) continue;
    if (marker.code === 0xd8 || marker.code === 0x00) return layout;
    const length = bytes.length >= at + 2 ? bytes.readUInt16BE(at) : 0;
    if (length < 2 || at + length > bytes.length) return layout;
    if (holdsZip(bytes.subarray(at, at + length))) layout.zip = true;
    if (isFrame(marker.code)) {
      if (length < 8) return layout;
      layout.frame = { height: bytes.readUInt16BE(at + 3), width: bytes.readUInt16BE(at + 5) };
      if (tooManyPixels(layout.frame)) return layout;
    }
    at += length;
    if (marker.code === SOS) {
      layout.scans += 1;
      if (layout.scans > MAX_JPEG_SCANS) return layout;
      at = endOfScan(bytes, at);
    }
  }
}

/** The marker at `at` (0xFF, any fill bytes, then its code) and the offset after it; null past the end or on data. */
function markerAt(bytes: Buffer, at: number): { code: number; next: number } | null {
  if (bytes[at] !== 0xff) return null;
  let next = at + 1;
  while (bytes[next] === 0xff) next += 1;
  const code = bytes[next];
  return code === undefined ? null : { code, next: next + 1 };
}

/** The offset of the first real marker after entropy-coded data starting at `from`; bytes.length when none comes. */
function endOfScan(bytes: Buffer, from: number): number {
  let at = bytes.indexOf(0xff, from);
  while (at !== -1) {
    let next = at + 1;
    while (bytes[next] === 0xff) next += 1;
    const code = bytes[next];
    if (code === undefined) return bytes.length;
    if (code !== 0x00 && !(code >= 0xd0 && code <= 0xd7)) return next - 1;
    at = bytes.indexOf(0xff, next + 1);
  }
  return bytes.length;
}
