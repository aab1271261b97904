/**
 * /package (issue 14): the plan in force in detail, with its inclusions from the catalogue (spec section 1), its
 * terms and data, and the plans that follow in sequence ("A changed plan starts when the current one expires;
 * multi-month plans run in sequence").
 */
import { useTranslation } from 'react-i18next';
import { useLoaderData } from 'react-router-dom';
import { formatMoney, formatPacificDate } from '../../i18n';
import type { PortalData } from '../../src/contract/pageData';
import { AppLink } from '../../src/app/forScreens';
import { Badge, Card, card, pill } from './parts';
import { DataAllowance, PlanTerms } from './PlanFacts';
import { Colon } from '../ui/Colon';

export default function PackageScreen() {
  const { t, i18n } = useTranslation(['portalHome', 'personal', 'plans']);
  const lang = i18n.language;
  const data = useLoaderData() as PortalData | undefined;
  const home = data?.home ?? null;
  const plan = home?.plan ?? null;
  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-bold text-slate-900">{t('package.title')}</h1>
        <p className="mt-1 text-slate-700">{t('package.intro')}</p>
        <p className="mt-1 text-xs text-slate-600">{t('home.pacific')}</p>
      </header>
      {!home ? (
        <p role="status" className={`${card} text-slate-700`}>{t('package.loadError')}</p>
      ) : !plan ? (
        <section className={card} aria-labelledby="package-none">
          <h2 id="package-none" className="sr-only">{t('personal:plan.status.none')}</h2>
          <p className="text-slate-700">{t('package.none')}</p>
          <AppLink to={home.global ? '/plans/global' : '/plans'} className={`mt-4 ${pill} bg-blue-700 text-white hover:bg-blue-800`}>{t('package.choose')}</AppLink>
        </section>
      ) : (
        <>
          <Card id="package-plan" title={plan.name} action={<Badge status={plan.status} label={t(`personal:plan.status.${plan.status}`)} />}>
            <div className="grid gap-6 md:grid-cols-2">
              <div className="space-y-4">
                <p className="text-sm text-slate-700">{t('package.price')}<Colon /><span className="font-semibold text-slate-900">{formatMoney(plan.monthlyPriceCents, lang)}</span></p>
                <PlanTerms plan={plan} />
                <DataAllowance data={plan.data} />
              </div>
              <div>
                <h3 className="text-sm font-semibold text-slate-900">{t('package.inclusions')}</h3>
                <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700" data-testid="plan-inclusions">
                  {plan.inclusions.map((key) => t(`plans:inclusions.${key}`, { defaultValue: '' })).filter(Boolean).map((text) => <li key={text}>{text}</li>)}
                </ul>
              </div>
            </div>
          </Card>
          <Card id="package-sequence" title={t('package.sequence')}>
            <ol className="space-y-2" data-testid="plan-sequence">
              {[{ ...plan, now: true }, ...home.upcoming.map((p) => ({ ...p, now: false }))].map((p) => (
                <li key={`${p.slug}-${p.startsAt}`} className="flex flex-wrap items-center justify-between gap-2 rounded-xl bg-slate-50 p-3 text-sm">
                  <span className="font-semibold text-slate-900">{p.name}</span>
                  <span className="text-slate-700">{formatPacificDate(p.startsAt, lang)} – {formatPacificDate(p.expiresAt, lang)}</span>
                  <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${p.now ? 'bg-emerald-100 text-emerald-900' : 'bg-amber-100 text-amber-900'}`}>{t(p.now ? 'package.now' : 'package.next')}</span>
                </li>
              ))}
            </ol>
          </Card>
        </>
      )}
    </div>
  );
}
