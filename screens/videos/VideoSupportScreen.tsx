/**
 * /videoSupport (spec section 2; issue 18, decision 0044): the how-to videos, recorded from the product itself by
 * `npm run videos` and served from its own origin. Each guide: its title and description in the page's language, a
 * <video> with the recording in that language and a caption track per language (the page's on by default), chapters
 * that play the video from their step (buttons: the keyboard reaches them), and the whole transcript under it.
 */
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../src/app/forScreens';
import { GUIDE_LANGUAGES, TRACK_LABELS, clockTime, guideLanguage, isoDuration, type Guide, type GuideLanguage, type GuideManifest } from './guides';
import manifest from './videos.json';

const GUIDES = (manifest as GuideManifest).guides;
const MIME_TYPE = (manifest as GuideManifest).mimeType;
const linkClass = 'font-medium text-blue-800 underline underline-offset-2 hover:text-blue-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-600';

function GuideVideo({ guide, lang }: { guide: Guide; lang: GuideLanguage }) {
  const { t } = useTranslation('videos');
  const video = useRef<HTMLVideoElement>(null);
  const [at, setAt] = useState(0);
  const media = guide.media[lang];
  const key = (step: string, part: 'chapter' | 'caption') => `guides.${guide.id}.steps.${step}.${part}`;
  const title = t(`guides.${guide.id}.title`);
  const current = guide.steps.findLast((s) => at >= s.start)?.id;

  const jump = (start: number) => {
    const v = video.current;
    if (!v) return;
    v.currentTime = start;
    setAt(start);
    v.play().catch(() => undefined);
  };

  return (
    <section id={guide.id} aria-labelledby={`${guide.id}-title`} className="mt-12 scroll-mt-24" data-testid={`guide-${guide.id}`}>
      <h2 id={`${guide.id}-title`} className="text-2xl font-bold text-slate-900">{title}</h2>
      <p className="mt-2 max-w-3xl text-slate-700">{t(`guides.${guide.id}.description`)}</p>
      <p className="mt-1 text-sm text-slate-600">
        <time dateTime={isoDuration(guide.duration)}>{t('length', { time: clockTime(guide.duration) })}</time>
      </p>

      <div className="mt-5 grid gap-6 lg:grid-cols-3">
        <div className="lg:col-span-2">
          {/* The recording and captions of the page's language; a new language is a new element (tracks' default is read once). */}
          <video key={lang} ref={video} controls preload="metadata" playsInline poster={media.poster} width={1280} height={720}
            aria-label={t('player.label', { title })} aria-describedby={`${guide.id}-transcript-title`}
            className="aspect-video h-auto w-full rounded-xl bg-slate-900 shadow-sm ring-1 ring-slate-200"
            onTimeUpdate={(e) => setAt(e.currentTarget.currentTime)} onSeeked={(e) => setAt(e.currentTarget.currentTime)}
            data-testid="guide-video">
            <source src={media.video} type={MIME_TYPE} />
            {GUIDE_LANGUAGES.map((l) => (
              <track key={l} kind="captions" src={guide.captions[l]} srcLang={l} label={TRACK_LABELS[l]} default={l === lang} />
            ))}
            <p>{t('player.unsupported')}</p>
          </video>
        </div>

        <nav aria-labelledby={`${guide.id}-chapters`} className="rounded-2xl bg-white p-5 ring-1 ring-slate-200">
          <h3 id={`${guide.id}-chapters`} className="text-lg font-semibold text-slate-900">{t('chapters.title')}</h3>
          <p className="mt-1 text-sm text-slate-600">{t('chapters.hint')}</p>
          <ol className="mt-3 space-y-1">
            {guide.steps.map((s) => (
              <li key={s.id}>
                <button type="button" onClick={() => jump(s.start)} aria-current={current === s.id ? 'step' : undefined}
                  aria-label={t('chapters.jump', { title: t(key(s.id, 'chapter')), time: clockTime(s.start) })}
                  data-chapter={s.id}
                  className="flex w-full items-baseline gap-3 rounded-lg px-3 py-2 text-left text-slate-800 hover:bg-blue-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 aria-[current=step]:bg-blue-50 aria-[current=step]:font-semibold aria-[current=step]:text-blue-900">
                  <span className="w-10 shrink-0 font-mono text-sm text-slate-600 tabular-nums">{clockTime(s.start)}</span>
                  <span>{t(key(s.id, 'chapter'))}</span>
                </button>
              </li>
            ))}
          </ol>
        </nav>
      </div>

      <section aria-labelledby={`${guide.id}-transcript-title`} className="mt-6 rounded-2xl bg-slate-50 p-5 ring-1 ring-slate-200" data-testid="guide-transcript">
        <h3 id={`${guide.id}-transcript-title`} className="text-lg font-semibold text-slate-900">{t('transcript.title')}</h3>
        <ol className="mt-3 space-y-2">
          {guide.steps.map((s) => (
            <li key={s.id} className="flex gap-3 text-slate-700">
              <time dateTime={isoDuration(s.start)} className="w-10 shrink-0 font-mono text-sm leading-6 text-slate-600 tabular-nums">{clockTime(s.start)}</time>
              <p><span className="font-semibold text-slate-900">{t(key(s.id, 'chapter'))}.</span> {t(key(s.id, 'caption'))}</p>
            </li>
          ))}
        </ol>
      </section>
    </section>
  );
}

export default function VideoSupportScreen() {
  const { t, i18n } = useTranslation('videos');
  const lang = guideLanguage(i18n.language);
  const languages = new Intl.ListFormat(lang, { type: 'conjunction' }).format(GUIDE_LANGUAGES.map((l) => TRACK_LABELS[l]));
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:py-12" data-testid="video-support">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t('title')}</h1>
      <p className="mt-3 max-w-3xl text-slate-700">{t('lead')}</p>
      <p className="mt-2 max-w-3xl text-sm text-slate-600">{t('captionLanguage', { languages })}</p>

      <nav aria-label={t('contents')} className="mt-6">
        <ul className="flex flex-wrap gap-2 text-sm">
          {GUIDES.map((g) => (
            <li key={g.id}>
              <a href={`#${g.id}`} className="inline-block rounded-full bg-white px-4 py-1.5 font-semibold text-blue-800 ring-1 ring-slate-300 hover:ring-blue-600 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-600">
                {t(`guides.${g.id}.title`)} <span className="font-normal text-slate-600">({clockTime(g.duration)})</span>
              </a>
            </li>
          ))}
        </ul>
      </nav>

      {GUIDES.map((g) => <GuideVideo key={g.id} guide={g} lang={lang} />)}

      <div className="mt-12 rounded-2xl bg-blue-50 p-6 ring-1 ring-blue-100">
        <p className="text-slate-800">{t('moreHelp')}</p>
        <AppLink to="/helpSupport/commonProblem" className={`mt-3 inline-block ${linkClass}`}>{t('moreHelpLink')}</AppLink>
      </div>
    </div>
  );
}
