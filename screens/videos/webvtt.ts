/**
 * WebVTT (https://www.w3.org/TR/webvtt1/) as the how-to videos use it (decision 0044): captions written by
 * `npm run videos` from the i18n texts and the recording's own step times, read back by the tests. Pure; no DOM.
 */

export interface Cue {
  id: string;
  /** Seconds from the start of the video. */
  start: number;
  end: number;
  text: string;
}

/** 83.5 → "00:01:23.500", the timestamp form WebVTT requires (hours always written). */
export function vttTimestamp(seconds: number): string {
  const ms = Math.round(seconds * 1000);
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(ms % 1000, 3)}`;
}

/** "00:01:23.500" or "01:23.500" → seconds; NaN when it is not a WebVTT timestamp. */
export function parseVttTimestamp(text: string): number {
  const m = /^(?:(\d{2,}):)?([0-5]\d):([0-5]\d)\.(\d{3})$/.exec(text.trim());
  if (!m) return Number.NaN;
  return Number(m[1] ?? 0) * 3600 + Number(m[2]) * 60 + Number(m[3]) + Number(m[4]) / 1000;
}

/** Cue text cannot hold "-->" nor a blank line, and "<" and "&" start markup: they are escaped or refused. */
const escapeCueText = (text: string): string => {
  if (text.includes('-->')) throw new Error(`a caption cannot contain "-->": ${text}`);
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\n\s*\n/g, '\n').trim();
};

export function formatVtt(cues: readonly Cue[], language: string): string {
  const lines = ['WEBVTT', `Language: ${language}`, ''];
  for (const cue of cues) {
    if (!/^[^\s-][^\n]*$/.test(cue.id) || cue.id.includes('-->')) throw new Error(`bad cue id: ${cue.id}`);
    lines.push(cue.id, `${vttTimestamp(cue.start)} --> ${vttTimestamp(cue.end)}`, escapeCueText(cue.text), '');
  }
  return lines.join('\n');
}

const unescapeCueText = (text: string) => text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&nbsp;/g, '\u00a0').replace(/&amp;/g, '&');

/**
 * Parses a WebVTT file strictly enough for the tests: the signature, then blocks separated by blank lines; a cue is
 * an optional id line, a timing line `start --> end` (settings after it allowed) and its text. Throws with the block
 * that is wrong, so a broken file names its fault.
 */
export function parseVtt(source: string): { header: string; cues: Cue[] } {
  const text = source.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const blocks = text.split(/\n{2,}/);
  const header = blocks.shift() ?? '';
  if (!/^WEBVTT(?:[ \t][^\n]*)?(?:\n|$)/.test(header)) throw new Error('not a WebVTT file: it must start with "WEBVTT"');
  const cues: Cue[] = [];
  for (const block of blocks) {
    const lines = block.split('\n').filter((l, i, all) => i < all.length - 1 || l !== '');
    if (lines.length === 0) continue;
    if (/^(NOTE|STYLE|REGION)(\s|$)/.test(lines[0]!)) continue;
    const timingAt = lines[0]!.includes('-->') ? 0 : 1;
    const timing = lines[timingAt];
    const m = timing ? /^(\S+)[ \t]+-->[ \t]+(\S+)(?:[ \t].*)?$/.exec(timing) : null;
    if (!m) throw new Error(`a cue without a timing line: ${block}`);
    const start = parseVttTimestamp(m[1]!);
    const end = parseVttTimestamp(m[2]!);
    if (Number.isNaN(start) || Number.isNaN(end)) throw new Error(`a cue with a bad timestamp: ${timing}`);
    if (end <= start) throw new Error(`a cue that ends before it starts: ${timing}`);
    cues.push({ id: timingAt === 1 ? lines[0]! : '', start, end, text: unescapeCueText(lines.slice(timingAt + 1).join('\n')) });
  }
  return { header, cues };
}
