/**
 * The how-to videos of /videoSupport (decision 0044) as committed: every file the manifest names exists and is what it
 * says (a WebM whose own header gives the manifest's duration, a JPEG poster, WebVTT captions that parse), every cue
 * lies within its video, the captions say what the i18n texts say now (`npm run videos -- --captions` writes them
 * again), every language is complete, and the manifest's steps are the ones scripts/videoGuides.ts records.
 */
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GUIDE_LANGUAGES, clockTime, isoDuration, type GuideManifest } from '../../screens/videos/guides';
import { formatVtt, parseVtt, parseVttTimestamp, vttTimestamp } from '../../screens/videos/webvtt';
import manifestJson from '../../screens/videos/videos.json';
import { GUIDES } from '../../scripts/videoGuides';

const manifest = manifestJson as GuideManifest;
const root = join(import.meta.dirname, '../..');
const publicFile = (path: string) => join(root, 'public', path);
const i18n = (lang: string) => JSON.parse(readFileSync(join(root, 'i18n', lang, 'videos.json'), 'utf8')) as {
  guides: Record<string, { title: string; description: string; steps: Record<string, { chapter: string; caption: string }> }>;
};

/** Reads an EBML variable-length integer at `at`: its length and value (the length marker kept for ids). */
function vint(buf: Buffer, at: number, keepMarker: boolean): { length: number; value: number; unknown: boolean } {
  const first = buf[at]!;
  let length = 1;
  while (length <= 8 && !(first & (0x80 >> (length - 1)))) length += 1;
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === (0xff >> length);
  for (let i = 1; i < length; i += 1) {
    value = value * 256 + buf[at + i]!;
    if (buf[at + i] !== 0xff) allOnes = false;
  }
  return { length, value, unknown: !keepMarker && allOnes };
}

/** The duration a WebM file states in its Segment's Info (Duration × TimecodeScale), in seconds. */
function webmDuration(buf: Buffer): number {
  const SEGMENT = 0x18538067;
  const INFO = 0x1549a966;
  let scale = 1_000_000;
  let duration: number | null = null;
  const walk = (from: number, to: number) => {
    let at = from;
    while (at < to) {
      const id = vint(buf, at, true);
      const size = vint(buf, at + id.length, false);
      const body = at + id.length + size.length;
      const end = size.unknown ? to : body + size.value;
      if (id.value === SEGMENT || id.value === INFO) walk(body, Math.min(end, to));
      else if (id.value === 0x2ad7b1) scale = buf.readUIntBE(body, size.value);
      else if (id.value === 0x4489) duration = size.value === 4 ? buf.readFloatBE(body) : buf.readDoubleBE(body);
      if (id.value === INFO) return;
      at = end;
    }
  };
  walk(0, buf.length);
  if (duration === null) throw new Error('no Duration in the WebM header');
  return (duration * scale) / 1e9;
}

describe('WebVTT', () => {
  it('writes timestamps with hours and milliseconds, and reads both forms', () => {
    expect(vttTimestamp(0)).toBe('00:00:00.000');
    expect(vttTimestamp(83.5)).toBe('00:01:23.500');
    expect(vttTimestamp(3725.042)).toBe('01:02:05.042');
    expect(parseVttTimestamp('01:23.500')).toBe(83.5);
    expect(parseVttTimestamp('01:02:05.042')).toBeCloseTo(3725.042, 6);
    expect(parseVttTimestamp('1:23.5')).toBeNaN();
    expect(parseVttTimestamp('00:61:00.000')).toBeNaN();
  });

  it('round-trips cues, escaping markup characters', () => {
    const cues = [
      { id: '1-plans', start: 0, end: 4.5, text: 'Plans & prices <5GB>' },
      { id: '2-pay', start: 4.5, end: 9, text: '在安全的银行卡表单中填写卡片信息。' },
    ];
    const text = formatVtt(cues, 'en');
    expect(text.startsWith('WEBVTT\nLanguage: en\n\n1-plans\n00:00:00.000 --> 00:00:04.500\nPlans &amp; prices &lt;5GB&gt;\n')).toBe(true);
    expect(parseVtt(text).cues).toEqual(cues);
  });

  it('refuses what is not WebVTT, a cue without timing, a bad timestamp, a cue ending before it starts, and "-->" in a caption', () => {
    expect(() => parseVtt('1\n00:00:00.000 --> 00:00:01.000\nHi')).toThrow(/WEBVTT/);
    expect(() => parseVtt('WEBVTT\n\n1\nHi there')).toThrow(/timing/);
    expect(() => parseVtt('WEBVTT\n\n1\n00:00:0.000 --> 00:00:01.000\nHi')).toThrow(/timestamp/);
    expect(() => parseVtt('WEBVTT\n\n1\n00:00:02.000 --> 00:00:01.000\nHi')).toThrow(/ends before/);
    expect(() => formatVtt([{ id: 'a', start: 0, end: 1, text: 'a --> b' }], 'en')).toThrow(/-->/);
    // NOTE blocks and cue settings are WebVTT too.
    expect(parseVtt('WEBVTT\n\nNOTE made by hand\n\n00:00:00.000 --> 00:00:01.000 line:0\nHi\n').cues).toEqual([{ id: '', start: 0, end: 1, text: 'Hi' }]);
  });

  it('writes times as players do', () => {
    expect(clockTime(0)).toBe('0:00');
    expect(clockTime(83.9)).toBe('1:23');
    expect(isoDuration(83.4)).toBe('PT1M23S');
    expect(isoDuration(7)).toBe('PT7S');
  });
});

describe('the how-to videos as committed (npm run videos)', () => {
  it('are the guides and steps scripts/videoGuides.ts records, in its order', () => {
    expect(manifest.guides.map((g) => g.id)).toEqual(GUIDES.map((g) => g.id));
    for (const g of GUIDES) expect(manifest.guides.find((m) => m.id === g.id)!.steps.map((s) => s.id), g.id).toEqual([...g.steps]);
    expect(manifest.mimeType).toBe('video/webm; codecs="vp9"');
  });

  it.each(manifest.guides.map((g) => [g.id, g] as const))('%s: one timeline of steps from 0 to its duration', (_id, guide) => {
    expect(guide.steps[0]!.start).toBe(0);
    guide.steps.forEach((s, i) => {
      expect(s.end, s.id).toBeGreaterThan(s.start);
      if (i > 0) expect(s.start, s.id).toBe(guide.steps[i - 1]!.end);
    });
    expect(guide.steps.at(-1)!.end).toBe(guide.duration);
  });

  it.each(manifest.guides.map((g) => [g.id, g] as const))('%s: a small WebM of the stated duration and a JPEG poster in every language', (_id, guide) => {
    for (const lang of GUIDE_LANGUAGES) {
      const media = guide.media[lang];
      expect(media.video, lang).toBe(`/videos/${guide.id}.${lang}.webm`);
      const video = readFileSync(publicFile(media.video));
      expect(video.subarray(0, 4).toString('hex'), `${media.video} is EBML`).toBe('1a45dfa3');
      expect(video.includes(Buffer.from('webm')), `${media.video} is a WebM`).toBe(true);
      expect(video.length, media.video).toBe(media.bytes);
      expect(video.length, `${media.video} under 1 MB`).toBeLessThan(1024 * 1024);
      const duration = webmDuration(video);
      expect(duration, media.video).toBeCloseTo(media.duration, 1);
      expect(Math.abs(duration - guide.duration), `${media.video} lasts its timeline`).toBeLessThan(0.6);
      const poster = readFileSync(publicFile(media.poster));
      expect(poster.subarray(0, 3).toString('hex'), `${media.poster} is a JPEG`).toBe('ffd8ff');
      expect(statSync(publicFile(media.poster)).size).toBeLessThan(300 * 1024);
    }
  });

  it.each(manifest.guides.map((g) => [g.id, g] as const))('%s: captions in every language that parse, lie within the video and say what the i18n texts say', (_id, guide) => {
    const shortest = Math.min(...GUIDE_LANGUAGES.map((l) => guide.media[l].duration));
    for (const lang of GUIDE_LANGUAGES) {
      expect(guide.captions[lang]).toBe(`/videos/${guide.id}.${lang}.vtt`);
      const { header, cues } = parseVtt(readFileSync(publicFile(guide.captions[lang]), 'utf8'));
      expect(header).toContain(`Language: ${lang}`);
      expect(cues.map((c) => c.id)).toEqual(guide.steps.map((s, i) => `${i + 1}-${s.id}`));
      const texts = i18n(lang).guides[guide.id]!.steps;
      cues.forEach((cue, i) => {
        const step = guide.steps[i]!;
        expect(cue.start, `${lang} ${cue.id}`).toBeGreaterThanOrEqual(0);
        expect(cue.end, `${lang} ${cue.id} within the video`).toBeLessThanOrEqual(shortest + 0.05);
        expect([cue.start, cue.end], `${lang} ${cue.id}`).toEqual([step.start, step.end]);
        expect(cue.text, `${lang} ${cue.id}: npm run videos -- --captions writes it again`).toBe(texts[step.id]!.caption);
      });
    }
  });

  it('every guide and step has its title, description, chapter and caption in every language, and no text is left over', () => {
    for (const lang of GUIDE_LANGUAGES) {
      const texts = i18n(lang).guides;
      expect(Object.keys(texts).sort(), lang).toEqual(manifest.guides.map((g) => g.id).sort());
      for (const guide of manifest.guides) {
        const t = texts[guide.id]!;
        expect(t.title.trim(), `${lang} ${guide.id}`).not.toBe('');
        expect(t.description.trim(), `${lang} ${guide.id}`).not.toBe('');
        expect(Object.keys(t.steps).sort(), `${lang} ${guide.id}`).toEqual(guide.steps.map((s) => s.id).sort());
        for (const s of guide.steps) {
          expect(t.steps[s.id]!.chapter.trim(), `${lang} ${guide.id}.${s.id}`).not.toBe('');
          expect(t.steps[s.id]!.caption.trim(), `${lang} ${guide.id}.${s.id}`).not.toBe('');
        }
      }
    }
  });
});
