/**
 * The plan in force as spec section 3 lists it: status, start and expiry (Pacific time), validity in days, the
 * 30-day cycle, the auto-renew flag, high-speed data used / remaining / total with the 128 kbps note, and the plans
 * that follow in sequence.
 */
import { useTranslation } from 'react-i18next';
import { formatPacificDate } from '../../i18n';
import type { PortalHome, PortalPlan } from '../../src/contract/portal';
import { formatDataMb } from '../ui/format';
import { Facts } from './parts';

export function PlanTerms({ plan }: { plan: PortalPlan }) {
  const { t, i18n } = useTranslation('portalHome');
  const lang = i18n.language;
  return (
    <Facts rows={[
      [t('plan.started'), formatPacificDate(plan.startsAt, lang)],
      [t('plan.expires'), formatPacificDate(plan.expiresAt, lang)],
      [t('plan.validity'), t('plan.days', { days: plan.validityDays })],
      [t('plan.cycle'), t('plan.days', { days: plan.cycleDays })],
      [t('plan.autoRenew'), plan.autoRenew ? t('plan.on') : t('plan.off')],
    ]} />
  );
}

export function DataAllowance({ data }: { data: PortalPlan['data'] }) {
  const { t, i18n } = useTranslation('portalHome');
  const lang = i18n.language;
  const percent = data.totalMb ? Math.min(100, Math.round((data.usedMb / data.totalMb) * 100)) : null;
  return (
    <div data-testid="data-allowance">
      <h3 className="text-sm font-semibold text-slate-900">{t('plan.dataTitle')}</h3>
      <dl className="mt-2 grid grid-cols-3 gap-2 text-center">
        {([
          ['used', formatDataMb(data.usedMb, lang)],
          ['remaining', data.remainingMb === null ? t('plan.unlimited') : formatDataMb(data.remainingMb, lang)],
          ['total', data.totalMb === null ? t('plan.unlimited') : formatDataMb(data.totalMb, lang)],
        ] as const).map(([key, value]) => (
          <div key={key} className="rounded-lg bg-slate-50 p-2">
            <dt className="text-xs text-slate-600">{t(`plan.${key}`)}</dt>
            <dd className="text-sm font-semibold text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      {percent !== null && (
        <div className="mt-2 h-2 rounded-full bg-slate-200" role="meter" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} aria-label={t('plan.dataTitle')}>
          <div className={`h-2 rounded-full ${data.slowed ? 'bg-amber-500' : 'bg-blue-700'}`} style={{ width: `${percent}%` }} />
        </div>
      )}
      {data.slowed && <p role="status" className="mt-2 rounded-lg bg-amber-50 p-2 text-sm text-amber-950 ring-1 ring-amber-300">{t('plan.slowed')}</p>}
    </div>
  );
}

export function Upcoming({ upcoming }: { upcoming: PortalHome['upcoming'] }) {
  const { t, i18n } = useTranslation('portalHome');
  const lang = i18n.language;
  return (
    <div>
      <h3 className="text-sm font-semibold text-slate-900">{t('plan.upcomingTitle')}</h3>
      {upcoming.length === 0 ? (
        <p className="mt-1 text-sm text-slate-700">{t('plan.upcomingNone')}</p>
      ) : (
        <ol className="mt-1 space-y-1 text-sm text-slate-700">
          {upcoming.map((p) => (
            <li key={`${p.slug}-${p.startsAt}`}>{t('plan.upcomingItem', { name: p.name, start: formatPacificDate(p.startsAt, lang), end: formatPacificDate(p.expiresAt, lang) })}</li>
          ))}
        </ol>
      )}
    </div>
  );
}
