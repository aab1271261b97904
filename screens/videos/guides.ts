/**
 * The how-to videos (decision 0044): what `npm run videos` recorded, described by its manifest (videos.json beside
 * this file, written by the script with the files under public/videos/; the screen imports it). Each guide was recorded once per language,
 * with the interface in that language, on one timeline: a step is held for the same seconds in every language, so one
 * caption file per language fits all three recordings, and a chapter starts at the same second in each.
 */
export const GUIDE_LANGUAGES = ['en', 'zh-Hans', 'zh-Hant'] as const;
export type GuideLanguage = (typeof GUIDE_LANGUAGES)[number];

/** A caption track's name in the player's menu: each language named in itself, whatever the page's language. */
export const TRACK_LABELS: Record<GuideLanguage, string> = { en: 'English', 'zh-Hans': '简体中文', 'zh-Hant': '繁體中文' };

export interface GuideStep {
  /** i18n: videos:guides.<guide>.steps.<id>.chapter and .caption */
  id: string;
  /** Seconds from the start of the video. */
  start: number;
  end: number;
}

export interface GuideMedia {
  /** Paths on the product's own origin, e.g. /videos/buyPlan.en.webm */
  video: string;
  poster: string;
  /** Size of the video file, and its duration as the file says (ffprobe). */
  bytes: number;
  duration: number;
}

export interface Guide {
  id: string;
  /** Seconds: the sum of the steps' holds. */
  duration: number;
  steps: GuideStep[];
  /** The recording in each language (the interface in that language). */
  media: Record<GuideLanguage, GuideMedia>;
  /** The captions of each language, for every recording of the guide. */
  captions: Record<GuideLanguage, string>;
}

export interface GuideManifest {
  generatedBy: string;
  recordedAt: string;
  width: number;
  height: number;
  /** Frames per second of the recordings (screenshots held). */
  fps: number;
  mimeType: string;
  guides: Guide[];
}

/** 83.4 → "1:23": the time a chapter starts or a video lasts, as players write it. */
export function clockTime(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds + 1e-6));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** The ISO 8601 duration of a video (for <time dateTime>): 83.4 → "PT1M23S". */
export function isoDuration(seconds: number): string {
  const s = Math.round(seconds);
  return `PT${Math.floor(s / 60) ? `${Math.floor(s / 60)}M` : ''}${s % 60}S`;
}

export const guideLanguage = (lang: string): GuideLanguage => (GUIDE_LANGUAGES as readonly string[]).includes(lang) ? lang as GuideLanguage : 'en';
