import { useTranslation } from 'react-i18next';
import { AppLink, useDataAllowance } from '../../src/app/forScreens';
import type { DataAllowance } from '../../src/contract/usage';
import { formatPacificDate } from '../../i18n';
import { formatDataMb } from '../ui/format';
import { linkClass } from '../ui/fields';

const card = 'rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200';

function Figures({ allowance }: { allowance: DataAllowance }) {
  const { t, i18n } = useTranslation('portalUsage');
  const lang = i18n.language;
  const end = allowance.cycleEnd ? formatPacificDate(allowance.cycleEnd, lang) : '';
  if (allowance.status === 'none') return <p className="text-sm text-slate-700">{t('allowance.none')}</p>;
  if (allowance.status === 'unlimited') {
    return (
      <>
        <p className="text-sm text-slate-800">{t('allowance.unlimited', { used: formatDataMb(allowance.usedMb, lang) })}</p>
        <p className="mt-2 text-sm text-slate-700">{t('allowance.cycle', { end })}</p>
      </>
    );
  }
  const total = allowance.totalMb ?? 0;
  const percent = total > 0 ? Math.min(100, Math.round((allowance.usedMb / total) * 100)) : 100;
  return (
    <>
      <dl className="grid grid-cols-3 gap-3">
        {([['used', allowance.usedMb], ['remaining', allowance.remainingMb ?? 0], ['total', total]] as const).map(([key, mb]) => (
          <div key={key} className="rounded-xl bg-slate-50 p-3">
            <dt className="text-sm text-slate-700">{t(`allowance.${key}`)}</dt>
            <dd className="mt-1 text-lg font-bold tabular-nums text-slate-900" data-testid={`allowance-${key}`}>{formatDataMb(mb, lang)}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-3 h-2 rounded-full bg-slate-200" role="meter" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} aria-label={t('allowance.meter')}>
        <div className={`h-2 rounded-full ${allowance.slowed ? 'bg-amber-500' : 'bg-blue-700'}`} style={{ width: `${percent}%` }} />
      </div>
      {allowance.slowed
        ? <p role="status" className="mt-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">{t('allowance.slowed', { end })}</p>
        : <p className="mt-3 text-sm text-slate-700">{t('allowance.cycle', { end })}</p>}
    </>
  );
}

/**
 * High-speed data used / remaining / total of the plan in its 30-day cycle, with the 128 kbps note once it is used
 * up: the same records as /internet. Self-contained (it reads the figures itself): shown on /internet (without the
 * link to itself); /personal shows the same figures from userInfo.
 */
export function DataAllowanceCard({ detailsLink = true }: { detailsLink?: boolean }) {
  const { t } = useTranslation('portalUsage');
  const state = useDataAllowance();
  return (
    <section aria-labelledby="allowance-title" className={card} data-testid="data-allowance">
      <h2 id="allowance-title" className="text-base font-semibold text-slate-900">{t('allowance.title')}</h2>
      <div className="mt-3">
        {state.status === 'loading' && <p className="text-sm text-slate-700">{t('allowance.loading')}</p>}
        {state.status === 'error' && <p role="alert" className="text-sm text-slate-700">{t('allowance.error')}</p>}
        {state.status === 'ready' && <Figures allowance={state.allowance} />}
      </div>
      {detailsLink && <AppLink to="/internet" className={`mt-4 inline-block text-sm ${linkClass}`}>{t('allowance.details')}</AppLink>}
    </section>
  );
}

export default DataAllowanceCard;
