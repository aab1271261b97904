/**
 * `npm run videos` (decision 0044): records the how-to videos of /videoSupport from the product itself.
 *
 *  1. Starts the product as `npm start` does (it builds the client when it is stale), in sandbox, on a temporary data
 *     directory and a free port, so the seeded test cards and SIMs are fresh and nothing of ./data is touched.
 *  2. Drives Chromium with Playwright through each walkthrough of scripts/videoGuides.ts, once per language with the
 *     interface in that language (the browser's locale and the session's language), taking a 1280x720 screenshot at
 *     each step with the part the step speaks of outlined.
 *  3. Holds each picture for as long as its caption takes to read in the slowest of the three languages (the same
 *     seconds in every language, so one timeline serves all three), and assembles them with ffmpeg into a WebM (VP9,
 *     2 frames a second, no sound), with a JPEG poster.
 *  4. Writes one WebVTT caption file per guide and language from the i18n texts (videos:guides.<guide>.steps.<step>
 *     .caption) at the steps' times, and the manifest, screens/videos/videos.json, which the page reads.
 *
 * Outputs (committed): public/videos/<guide>.<lang>.webm, .jpg, <guide>.<lang>.vtt; screens/videos/videos.json.
 *
 *   npm run videos                       record every guide (needs ffmpeg: apt-get install ffmpeg; a few minutes)
 *   npm run videos -- --only topUp,buyPlan   record these guides again, keeping the others
 *   npm run videos -- --captions         only write the captions again from the i18n texts (no browser, no ffmpeg)
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, request as playwrightRequest, type Locator } from 'playwright-core';
import { CHROMIUM_ARGS } from '../test/support/chromium';
import { textOf } from '../test/support/pages/i18nText';
import { GUIDE_LANGUAGES, type Guide, type GuideLanguage, type GuideManifest, type GuideStep } from '../screens/videos/guides';
import { formatVtt, type Cue } from '../screens/videos/webvtt';
import { GUIDES, type GuideScript } from './videoGuides';

const root = join(import.meta.dirname, '..');
const OUT_DIR = join(root, 'public', 'videos');
const MANIFEST = join(root, 'screens', 'videos', 'videos.json');
const WIDTH = 1280;
const HEIGHT = 720;
const FPS = 2;
const LOCALES: Record<GuideLanguage, string> = { en: 'en-US', 'zh-Hans': 'zh-CN', 'zh-Hant': 'zh-TW' };

const args = process.argv.slice(2);
const CAPTIONS_ONLY = args.includes('--captions');
const only = args.includes('--only') ? args[args.indexOf('--only') + 1]?.split(',') : undefined;

const captionKey = (guide: string, step: string) => `videos:guides.${guide}.steps.${step}.caption`;

/**
 * Seconds a step's picture stays: time to read its caption in the slowest language (about 15 Latin characters or 6
 * Chinese characters a second), plus a second to look at the screen; 3 to 9 seconds, in half seconds (whole frames).
 */
function holdSeconds(guide: string, step: string): number {
  const need = Math.max(...GUIDE_LANGUAGES.map((lang) => {
    const text = textOf(lang, captionKey(guide, step));
    const han = (text.match(/\p{Script=Han}/gu) ?? []).length;
    return han / 6 + (text.length - han) / 15;
  }));
  return Math.min(9, Math.max(3, Math.ceil((need + 1) * FPS) / FPS));
}

function timeline(guide: GuideScript): GuideStep[] {
  let at = 0;
  return guide.steps.map((id) => {
    const start = at;
    at += holdSeconds(guide.id, id);
    return { id, start, end: at };
  });
}

function captionsOf(guide: Pick<Guide, 'id' | 'steps'>, lang: GuideLanguage): string {
  const cues: Cue[] = guide.steps.map((s, i) => ({ id: `${i + 1}-${s.id}`, start: s.start, end: s.end, text: textOf(lang, captionKey(guide.id, s.id)) }));
  return formatVtt(cues, lang);
}

function writeCaptions(guide: Pick<Guide, 'id' | 'steps'>): Record<GuideLanguage, string> {
  const paths = {} as Record<GuideLanguage, string>;
  for (const lang of GUIDE_LANGUAGES) {
    const name = `${guide.id}.${lang}.vtt`;
    writeFileSync(join(OUT_DIR, name), captionsOf(guide, lang));
    paths[lang] = `/videos/${name}`;
  }
  return paths;
}

const readManifest = (): GuideManifest | null => (existsSync(MANIFEST) ? JSON.parse(readFileSync(MANIFEST, 'utf8')) as GuideManifest : null);
const writeManifest = (m: GuideManifest) => writeFileSync(MANIFEST, `${JSON.stringify(m, null, 2)}\n`);

function run(cmd: string, cmdArgs: string[]): string {
  const res = spawnSync(cmd, cmdArgs, { encoding: 'utf8' });
  if (res.error) throw res.error;
  if (res.status !== 0) throw new Error(`${cmd} ${cmdArgs.join(' ')} failed:\n${res.stderr}`);
  return res.stdout;
}

function needFfmpeg() {
  for (const tool of ['ffmpeg', 'ffprobe']) {
    if (spawnSync(tool, ['-version']).status !== 0) {
      console.error(`${tool} is needed to assemble the videos: apt-get install ffmpeg (Debian), then run npm run videos again.`);
      process.exit(1);
    }
  }
}

/** The pictures held for their seconds, as a VP9 WebM at FPS frames a second; answers the file's duration. */
function assemble(frames: { file: string; seconds: number }[], out: string): number {
  const starts = frames.map((_, i) => frames.slice(0, i).reduce((sum, f) => sum + f.seconds, 0));
  const list = join(frames[0]!.file, '..', 'frames.txt');
  // The concat demuxer's duration lines; the last picture is named again so its duration is kept.
  writeFileSync(list, [...frames.flatMap((f) => [`file '${f.file}'`, `duration ${f.seconds}`]), `file '${frames.at(-1)!.file}'`, ''].join('\n'));
  const total = frames.reduce((sum, f) => sum + f.seconds, 0);
  run('ffmpeg', [
    '-y', '-loglevel', 'error', '-f', 'concat', '-safe', '0', '-i', list,
    '-vf', `fps=${FPS},scale=${WIDTH}:${HEIGHT}:flags=lanczos,format=yuv420p`, '-t', String(total),
    // Constant quality (crf) for still screens; a keyframe where each step (chapter) starts, so a chapter's seek lands
    // on one, and at least every 10 seconds; the frames between repeat the picture and cost almost nothing.
    '-c:v', 'libvpx-vp9', '-b:v', '0', '-crf', '42', '-row-mt', '1', '-deadline', 'good', '-cpu-used', '2',
    '-force_key_frames', starts.join(','), '-g', String(10 * FPS),
    '-an', out,
  ]);
  return Number(run('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', out]).trim());
}

function poster(picture: string, out: string) {
  run('ffmpeg', ['-y', '-loglevel', 'error', '-i', picture, '-vf', `scale=${WIDTH}:${HEIGHT}`, '-q:v', '5', '-frames:v', '1', out]);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const portIsFree = (port: number) => new Promise<boolean>((resolve) => {
  const server = createServer().once('error', () => resolve(false)).once('listening', () => server.close(() => resolve(true)));
  server.listen(port, '0.0.0.0');
});

/** A port whose next one (the payment sandbox's) is free too. */
async function freePorts(): Promise<number> {
  for (let tries = 0; tries < 50; tries += 1) {
    const port = 20_500 + 2 * Math.floor(Math.random() * 500);
    if (await portIsFree(port) && await portIsFree(port + 1)) return port;
  }
  throw new Error('no two free ports next to each other between 20500 and 21500');
}

async function startProduct(dataDir: string, port: number): Promise<ChildProcess> {
  const { DATABASE_URL: _ignored, NODE_ENV: _env, ...env } = process.env;
  console.log(`starting the product (sandbox, data in ${dataDir}) on port ${port}…`);
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: { ...env, PORT: String(port), DATA_DIR: dataDir, SANDBOX: '1', LOG_LEVEL: 'error', NETWORK_DELAY_SECONDS: '3', RATE_LIMIT_PER_MINUTE: '100000' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // The product's log, for when a walkthrough fails.
  const log = join(tmpdir(), 'lb-videos-product.log');
  writeFileSync(log, '');
  for (const stream of [child.stdout, child.stderr]) stream?.on('data', (chunk: Buffer) => appendFileSync(log, chunk));
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the product exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return child;
    } catch { /* not listening yet */ }
    if (Date.now() - started > 300_000) throw new Error('the product did not answer /healthz within 5 minutes');
    await sleep(200);
  }
}

/** Outlines the part a step speaks of, in view, for one screenshot. */
async function outlined(focus: Locator | undefined, take: () => Promise<void>) {
  if (!focus) return take();
  const el = focus.first();
  await el.evaluate((node) => {
    const box = node.getBoundingClientRect();
    if (box.top < 80 || box.bottom > window.innerHeight) node.scrollIntoView({ block: box.height > window.innerHeight - 100 ? 'start' : 'center' });
    const style = (node as HTMLElement).style;
    node.setAttribute('data-guide-outline', style.cssText);
    style.outline = '4px solid #f59e0b';
    style.outlineOffset = '4px';
    style.borderRadius ||= '8px';
  });
  await sleep(300);
  try {
    await take();
  } finally {
    await el.evaluate((node) => {
      (node as HTMLElement).style.cssText = node.getAttribute('data-guide-outline') ?? '';
      node.removeAttribute('data-guide-outline');
    }).catch(() => undefined);
  }
}

async function recordAll(baseURL: string, work: string, guides: readonly GuideScript[]): Promise<Guide[]> {
  const executablePath = ['/usr/bin/chromium', '/usr/bin/chromium-headless-shell'].find((p) => existsSync(p));
  const browser = await chromium.launch({ executablePath, headless: true, args: [...CHROMIUM_ARGS, '--hide-scrollbars', '--font-render-hinting=none'] });
  const done: Guide[] = [];
  try {
    for (const guide of guides) {
      const steps = timeline(guide);
      const media = {} as Guide['media'];
      for (const lang of GUIDE_LANGUAGES) {
        const context = await browser.newContext({ baseURL, locale: LOCALES[lang], viewport: { width: WIDTH, height: HEIGHT }, deviceScaleFactor: 1, reducedMotion: 'reduce', timezoneId: 'America/Los_Angeles' });
        await context.addInitScript((l) => sessionStorage.setItem('lang', JSON.stringify({ type: 'string', content: l, storage: 'session', timestamp: Date.now() })), lang);
        const page = await context.newPage();
        page.setDefaultTimeout(30_000);
        const request = await playwrightRequest.newContext({ baseURL });
        const shots: string[] = [];
        const started = Date.now();
        try {
          await guide.record({
            page, request, baseURL, lang,
            t: (key, values) => textOf(lang, key, values),
            shot: async (step, focus) => {
              const expected = guide.steps[shots.length];
              if (step !== expected) throw new Error(`${guide.id}: step ${step} taken where ${expected ?? 'nothing'} was expected`);
              await page.waitForLoadState('networkidle').catch(() => undefined);
              const file = join(work, `${guide.id}.${lang}.${String(shots.length + 1).padStart(2, '0')}.png`);
              await outlined(focus, () => page.screenshot({ path: file, animations: 'disabled', caret: 'hide' }).then(() => undefined));
              shots.push(step);
            },
          });
        } catch (error) {
          const failed = join(tmpdir(), `lb-videos-failed-${guide.id}-${lang}.png`);
          await page.screenshot({ path: failed, fullPage: true }).catch(() => undefined);
          console.error(`${guide.id} (${lang}) failed at step ${shots.length + 1}; the page as it was: ${failed}`);
          throw error;
        } finally {
          await request.dispose();
          await context.close();
        }
        if (shots.length !== guide.steps.length) throw new Error(`${guide.id} (${lang}): ${shots.length} of ${guide.steps.length} steps taken`);
        const frames = steps.map((s, i) => ({ file: join(work, `${guide.id}.${lang}.${String(i + 1).padStart(2, '0')}.png`), seconds: s.end - s.start }));
        const video = `${guide.id}.${lang}.webm`;
        const duration = assemble(frames, join(OUT_DIR, video));
        const posterName = `${guide.id}.${lang}.jpg`;
        poster(frames[guide.steps.indexOf(guide.poster)]!.file, join(OUT_DIR, posterName));
        const bytes = statSync(join(OUT_DIR, video)).size;
        media[lang] = { video: `/videos/${video}`, poster: `/videos/${posterName}`, bytes, duration: Math.round(duration * 1000) / 1000 };
        console.log(`${guide.id} (${lang}): ${steps.length} steps recorded in ${((Date.now() - started) / 1000).toFixed(1)} s; ${video} ${(bytes / 1024).toFixed(0)} KB, ${duration.toFixed(1)} s`);
      }
      const recorded = { id: guide.id, duration: steps.at(-1)!.end, steps, media };
      done.push({ ...recorded, captions: writeCaptions(recorded) });
    }
  } finally {
    await browser.close();
  }
  return done;
}

async function main() {
  mkdirSync(OUT_DIR, { recursive: true });
  const previous = readManifest();
  if (CAPTIONS_ONLY) {
    if (!previous) throw new Error('no recording yet: run npm run videos first');
    for (const guide of previous.guides) guide.captions = writeCaptions(guide);
    writeManifest(previous);
    console.log(`captions written again for ${previous.guides.length} guides from the i18n texts`);
    return;
  }
  needFfmpeg();
  const unknown = only?.filter((id) => !GUIDES.some((g) => g.id === id)) ?? [];
  if (unknown.length > 0) throw new Error(`no guide ${unknown.join(', ')}: ${GUIDES.map((g) => g.id).join(', ')}`);
  const guides = only ? GUIDES.filter((g) => only.includes(g.id)) : GUIDES;
  const work = mkdtempSync(join(tmpdir(), 'lb-videos-'));
  const port = await freePorts();
  const product = await startProduct(join(work, 'data'), port);
  try {
    const recorded = await recordAll(`http://localhost:${port}`, work, guides);
    const kept = (previous?.guides ?? []).filter((g) => !recorded.some((r) => r.id === g.id) && GUIDES.some((s) => s.id === g.id));
    const order = GUIDES.map((g) => g.id);
    writeManifest({
      generatedBy: 'npm run videos (scripts/videos.ts)',
      recordedAt: new Date().toISOString(),
      width: WIDTH,
      height: HEIGHT,
      fps: FPS,
      mimeType: 'video/webm; codecs="vp9"',
      guides: [...kept, ...recorded].sort((a, b) => order.indexOf(a.id) - order.indexOf(b.id)),
    });
    console.log(`manifest written: ${MANIFEST}`);
  } finally {
    await new Promise<void>((resolve) => { product.once('exit', () => resolve()); product.kill('SIGINT'); });
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
