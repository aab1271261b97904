/**
 * /ReferAFriend (spec section 2; issue 18 section 5): the referral programme's rules (spec section 9), the current
 * promotion and the past ones; logged in, the customer's code and share link (`/?recommendCode=CODE` opens the promo
 * dialog and carries the code into checkout), their referrals in the referralReward chart's states and their credits
 * with expiry dates. The gateway decides every state; this is its picture.
 */
import { useTranslation } from 'react-i18next';
import { formatMoney, formatPacificDate } from '../../i18n';
import { AppLink, useReferralProgramme, useSession } from '../../src/app/forScreens';
import type { ReferralData, ReferralProgramme } from '../../src/contract/referral';
import { CopyButton } from '../ui/CopyButton';
import { cardClass as card } from '../ui/card';
import { linkClass, Notice, secondaryButton } from '../ui/fields';
import { QrCode } from '../ui/QrCode';
import { referralRows } from './referral.connect';

export default function ReferAFriendScreen() {
  const { t } = useTranslation('referral');
  const { loggedIn } = useSession();
  const { state, reload } = useReferralProgramme(loggedIn);
  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-8">
      <header>
        <h1 className="text-3xl font-bold text-slate-900">{t('page.title')}</h1>
        <p className="mt-2 text-slate-700">{t('page.intro')}</p>
      </header>
      <Rules />
      {state.status === 'loading' && <div className={card} aria-busy="true"><span className="sr-only">{t('page.loading')}</span><div className="h-24 animate-pulse rounded-lg bg-slate-100" /></div>}
      {state.status === 'error' && (
        <div className={`${card} space-y-3`}>
          <Notice tone="error">{t('errors:other.referralProductFailed')}</Notice>
          <button type="button" className={secondaryButton} onClick={reload}>{t('page.retry')}</button>
        </div>
      )}
      {state.status === 'ready' && (
        <>
          <Editions programme={state.programme} />
          {state.programme.mine ? <Mine mine={state.programme.mine} /> : <LoginPrompt />}
        </>
      )}
    </div>
  );
}

function Rules() {
  const { t } = useTranslation('referral');
  return (
    <section aria-labelledby="referral-rules" className={card}>
      <h2 id="referral-rules" className="text-xl font-semibold text-slate-900">{t('rules.title')}</h2>
      <ul className="mt-3 list-disc space-y-2 pl-5 text-slate-700">
        {(['newLine', 'portIn', 'qualify', 'validity', 'excluded', 'who', 'portOut'] as const).map((k) => <li key={k}>{t(`rules.${k}`)}</li>)}
      </ul>
    </section>
  );
}

function Editions({ programme }: { programme: ReferralProgramme }) {
  const { t, i18n } = useTranslation('referral');
  const day = (iso: string) => formatPacificDate(iso, i18n.language);
  /** The window's last day: its end is the first instant after it. */
  const lastDay = (iso: string) => day(new Date(Date.parse(iso) - 1).toISOString());
  const { current, past } = programme;
  return (
    <section aria-labelledby="referral-editions" className={`${card} space-y-4`}>
      <h2 id="referral-editions" className="text-xl font-semibold text-slate-900">{t('edition.current')}</h2>
      {current ? (
        <div className="space-y-2 text-slate-700" data-testid="referral-current">
          <p>{t('edition.window', { from: day(current.startsAt), to: lastDay(current.endsAt), cutoff: lastDay(current.countCutoffAt) })}</p>
          {current.milestones && <p>{t('edition.milestones')}</p>}
        </div>
      ) : <p className="text-slate-700">{t('edition.none')}</p>}
      {past.length > 0 && (
        <>
          <h3 className="text-lg font-semibold text-slate-900">{t('edition.past')}</h3>
          <ul className="list-disc space-y-2 pl-5 text-slate-700">
            {past.map((e) => (
              <li key={e.id}>
                {e.tiersCents ? t('edition.earlier') : t('edition.pastWindow', { from: day(e.startsAt), to: lastDay(e.endsAt), cutoff: lastDay(e.countCutoffAt) })}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function LoginPrompt() {
  const { t } = useTranslation('referral');
  return (
    <section className={card}>
      <p className="text-slate-700">{t('mine.login')}</p>
      <p className="mt-3"><AppLink to="/login?redirect=%2FReferAFriend" className={linkClass}>{t('mine.loginCta')}</AppLink></p>
    </section>
  );
}

function Mine({ mine }: { mine: ReferralData }) {
  const { t, i18n } = useTranslation('referral');
  const lang = i18n.language;
  const rows = referralRows(mine, lang);
  return (
    <>
      <section aria-labelledby="referral-mine" className={card}>
        <h2 id="referral-mine" className="text-xl font-semibold text-slate-900">{t('mine.title')}</h2>
        <div className="mt-4 flex flex-col gap-4 sm:flex-row sm:items-start">
          <QrCode text={mine.link} alt={t('mine.link')} size={144} />
          <dl className="min-w-0 flex-1 space-y-3 text-sm">
            <div>
              <dt className="text-slate-700">{t('mine.code')}</dt>
              <dd className="mt-1 flex items-center gap-2"><span className="font-mono text-lg font-semibold text-slate-900" translate="no" data-testid="referral-code">{mine.code}</span><CopyButton value={mine.code} label={t('mine.copyCode')} /></dd>
            </div>
            <div>
              <dt className="text-slate-700">{t('mine.link')}</dt>
              <dd className="mt-1 flex flex-wrap items-center gap-2"><a href={mine.link} className={`${linkClass} break-all`} translate="no" data-testid="referral-link">{mine.link}</a><CopyButton value={mine.link} label={t('mine.copyLink')} /></dd>
            </div>
          </dl>
        </div>
        <p className="mt-3 text-sm text-slate-600">{t('mine.shareHint')}</p>
      </section>

      <section aria-labelledby="referral-list" className={card}>
        <h2 id="referral-list" className="text-xl font-semibold text-slate-900">{t('referrals.title')}</h2>
        {rows.length === 0 ? <p className="mt-3 text-slate-700">{t('referrals.empty')}</p> : (
          <div className="mt-3 overflow-x-auto">
            <table className="w-full min-w-[34rem] text-left text-sm" data-testid="referral-table">
              <thead className="text-slate-700">
                <tr><th scope="col" className="py-2 pr-3">{t('referrals.friend')}</th><th scope="col" className="py-2 pr-3">{t('referrals.ordered')}</th><th scope="col" className="py-2 pr-3">{t('referrals.state')}</th><th scope="col" className="py-2">{t('referrals.reward')}</th></tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={r.id} className="border-t border-slate-200 align-top" data-state={r.state}>
                    <td className="py-2 pr-3 text-slate-900">{r.friend ?? t('referrals.newFriend')}{r.portIn && <span className="ml-1 text-slate-600">· {t('referrals.portIn')}</span>}</td>
                    <td className="py-2 pr-3 text-slate-700">{r.ordered}</td>
                    <td className="py-2 pr-3"><span className="font-medium text-slate-900">{t(r.stateKey)}</span>{r.detail && <span className="block text-slate-600">{t(r.detail.key, r.detail.values)}</span>}</td>
                    <td className="py-2 text-slate-900">{r.reward}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section aria-labelledby="referral-credits" className={card}>
        <h2 id="referral-credits" className="text-xl font-semibold text-slate-900">{t('credits.title')}</h2>
        {mine.credits.length === 0 ? <p className="mt-3 text-slate-700">{t('credits.empty')}</p> : (
          <div className="mt-3 overflow-x-auto">
            <table className="w-full min-w-[34rem] text-left text-sm" data-testid="referral-credits">
              <thead className="text-slate-700">
                <tr><th scope="col" className="py-2 pr-3">{t('credits.kind')}</th><th scope="col" className="py-2 pr-3">{t('credits.amount')}</th><th scope="col" className="py-2 pr-3">{t('credits.creditedOn')}</th><th scope="col" className="py-2">{t('credits.expiresOn')}</th></tr>
              </thead>
              <tbody>
                {mine.credits.map((c, i) => (
                  <tr key={`${c.role}-${c.creditedAt}-${i}`} className="border-t border-slate-200">
                    <td className="py-2 pr-3 text-slate-900">{t(`credits.${c.role}`)}</td>
                    <td className="py-2 pr-3 text-slate-900">{formatMoney(c.cents, lang)}</td>
                    <td className="py-2 pr-3 text-slate-700">{formatPacificDate(c.creditedAt, lang)}</td>
                    <td className="py-2 text-slate-700">
                      {formatPacificDate(c.expiresAt, lang)}
                      {c.withdrawnCents !== null && <span className="block text-slate-600">{t('credits.withdrawn', { amount: formatMoney(c.withdrawnCents, lang) })}</span>}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      {mine.gifts.length > 0 && (
        <section aria-labelledby="referral-gifts" className={card}>
          <h2 id="referral-gifts" className="text-xl font-semibold text-slate-900">{t('gifts.title')}</h2>
          <ul className="mt-3 space-y-2 text-slate-700">
            {mine.gifts.map((g) => (
              <li key={`${g.editionId}-${g.gift}`}>{t(`gifts.${g.gift}`, { n: g.referrals })} · {t('gifts.shipBy', { date: formatPacificDate(g.shipBy, lang) })}</li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
