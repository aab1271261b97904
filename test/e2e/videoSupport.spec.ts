import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from './fixtures';
import { seriousViolations, switchTo } from './checks';
import { textOf, type Lang } from '../support/pages/i18nText';
import type { GuideManifest } from '../../screens/videos/guides';

/**
 * /videoSupport in Chromium (issue 18, decision 0044): the guides in the three languages, each video loading its
 * metadata from our own origin (VP9 WebM in Debian's headless Chromium), the caption track of the page's language
 * showing with its cues, a chapter chosen with the keyboard seeking the video there, the transcript under it, the
 * files answered with their types and by ranges, and the links of the footer and the help centre. axe-core clean.
 */
const manifest = JSON.parse(readFileSync(join(import.meta.dirname, '../../screens/videos/videos.json'), 'utf8')) as GuideManifest;
const LANGS: { lang: Lang; button: string }[] = [{ lang: 'en', button: 'EN' }, { lang: 'zh-Hans', button: '简体' }, { lang: 'zh-Hant', button: '繁體' }];

interface VideoState { readyState: number; duration: number; currentTime: number; src: string; tracks: { language: string; mode: string; cues: number }[] }

const videoState = (page: Page, guide: string): Promise<VideoState> => page.getByTestId(`guide-${guide}`).getByTestId('guide-video').evaluate((v: HTMLVideoElement) => ({
  readyState: v.readyState,
  duration: v.duration,
  currentTime: v.currentTime,
  src: v.currentSrc,
  tracks: [...v.textTracks].map((t) => ({ language: t.language, mode: t.mode, cues: t.cues?.length ?? 0 })),
}));

test.describe('/videoSupport', () => {
  for (const { lang } of LANGS) {
    test(`lists every guide with its player, chapters and transcript in ${lang}`, async ({ page }) => {
      await page.goto(`/videoSupport?lang=${lang}`);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.getByRole('heading', { level: 1, name: textOf(lang, 'videos:title') })).toBeVisible();
      for (const guide of manifest.guides) {
        const section = page.getByTestId(`guide-${guide.id}`);
        await expect(section.getByRole('heading', { level: 2, name: textOf(lang, `videos:guides.${guide.id}.title`) })).toBeVisible();
        await expect(section.getByText(textOf(lang, `videos:guides.${guide.id}.description`))).toBeVisible();
        const video = section.getByTestId('guide-video');
        await expect(video).toHaveAttribute('poster', guide.media[lang].poster);
        await expect(video.locator('source')).toHaveAttribute('src', guide.media[lang].video);
        await expect(video.locator('track[kind="captions"]')).toHaveCount(3);
        await expect(video.locator(`track[srclang="${lang}"]`)).toHaveAttribute('default', '');
        await expect(section.getByRole('button', { name: new RegExp(textOf(lang, `videos:guides.${guide.id}.steps.${guide.steps[0]!.id}.chapter`)) })).toBeVisible();
        const transcript = section.getByTestId('guide-transcript');
        for (const step of guide.steps) await expect(transcript).toContainText(textOf(lang, `videos:guides.${guide.id}.steps.${step.id}.caption`));
      }
      expect(await seriousViolations(page), `video guides (${lang})`).toEqual([]);
    });
  }

  test('plays from our origin: metadata, the page language\'s captions, a chapter by keyboard; another language changes both', async ({ page }) => {
    const guide = manifest.guides[0]!;
    await page.goto('/videoSupport');
    await expect.poll(async () => {
      const s = await videoState(page, guide.id);
      return s.readyState >= 1 && s.duration > 0;
    }, { message: 'the video loads its metadata', timeout: 20_000 }).toBe(true);
    let state = await videoState(page, guide.id);
    expect(state.duration).toBeCloseTo(guide.media.en.duration, 0);
    expect(new URL(state.src).pathname).toBe(guide.media.en.video);
    expect(new URL(state.src).origin).toBe(new URL(page.url()).origin);
    // The page's language shows; the other two are there to choose. Cues load once a track shows.
    expect(state.tracks.map((t) => [t.language, t.mode])).toEqual([['en', 'showing'], ['zh-Hans', 'disabled'], ['zh-Hant', 'disabled']]);
    await expect.poll(async () => (await videoState(page, guide.id)).tracks[0]!.cues, { message: 'the English captions have cues' }).toBe(guide.steps.length);

    // A chapter, reached and pressed with the keyboard, moves the video to its step.
    const step = guide.steps[2]!;
    const chapter = page.getByTestId(`guide-${guide.id}`).locator(`button[data-chapter="${step.id}"]`);
    await chapter.focus();
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await videoState(page, guide.id)).currentTime, { message: 'the video is at the chapter' }).toBeGreaterThanOrEqual(step.start - 0.05);
    expect((await videoState(page, guide.id)).currentTime).toBeLessThan(step.end);
    await expect(chapter).toHaveAttribute('aria-current', 'step');

    // Another language: its recording and its captions by default.
    await switchTo(page, '繁體', 'zh-Hant');
    await expect.poll(async () => new URL((await videoState(page, guide.id)).src || 'http://x/').pathname).toBe(guide.media['zh-Hant'].video);
    await expect.poll(async () => {
      state = await videoState(page, guide.id);
      return state.tracks.map((t) => `${t.language}:${t.mode}`).join(' ');
    }).toBe('en:disabled zh-Hans:disabled zh-Hant:showing');
    await expect.poll(async () => (await videoState(page, guide.id)).tracks[2]!.cues).toBe(guide.steps.length);
    expect(await seriousViolations(page), 'video guides after the switch').toEqual([]);
  });

  test('the files come from our origin with their types, by ranges for seeking', async ({ page }) => {
    const guide = manifest.guides[0]!;
    const whole = await page.request.get(guide.media.en.video);
    expect(whole.status()).toBe(200);
    expect(whole.headers()['content-type']).toBe('video/webm');
    expect(whole.headers()['accept-ranges']).toBe('bytes');
    expect(Number(whole.headers()['content-length'])).toBe(guide.media.en.bytes);
    const part = await page.request.get(guide.media.en.video, { headers: { Range: 'bytes=100-199' } });
    expect(part.status()).toBe(206);
    expect(part.headers()['content-range']).toBe(`bytes 100-199/${guide.media.en.bytes}`);
    expect((await part.body()).length).toBe(100);
    const captions = await page.request.get(guide.captions['zh-Hans']);
    expect(captions.headers()['content-type']).toMatch(/^text\/vtt/);
    expect(await captions.text()).toMatch(/^WEBVTT/);
    const poster = await page.request.get(guide.media.en.poster);
    expect(poster.headers()['content-type']).toBe('image/jpeg');
  });

  test('the footer and the help centre lead to it', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Video guides' }).click();
    await expect(page).toHaveURL(/\/videoSupport$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Video guides' })).toBeVisible();
    await page.goto('/helpSupport/commonProblem?lang=zh-Hans');
    await page.getByRole('link', { name: '观看视频教程' }).click();
    await expect(page).toHaveURL(/\/videoSupport$/);
    await expect(page.getByRole('heading', { level: 1, name: '视频教程' })).toBeVisible();
  });
});
