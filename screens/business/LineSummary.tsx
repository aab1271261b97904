/** Which line the order is for, and what it holds now (its plan or pack and, for data add-ons, the cycle). */
import { useTranslation } from 'react-i18next';
import { formatPacificDate } from '../../i18n';
import type { LineOffers } from '../../src/contract/business';
import { formatPhone } from '../../src/domain/phone';
import { usePlanName } from '../../src/app/forScreens';

export function LineSummary({ offers }: { offers: LineOffers }) {
  const { t, i18n } = useTranslation('business');
  const planName = usePlanName();
  const lang = i18n.language;
  const { line, current, cycle, kind } = offers;
  return (
    <div className="space-y-1 text-sm text-slate-700">
      {line && <p>{line.msisdn ? t('line', { number: formatPhone(line.msisdn) }) : t('lineIccid', { last4: line.iccid.slice(-4) })}</p>}
      {kind === 'globalRenewal'
        ? <p>{current ? t('currentPack', { region: t(`region.${current.name}`), date: formatPacificDate(current.expiresAt, lang) }) : t('noCurrentPack')}</p>
        : current && <p>{t('current', { name: planName(current.name), date: formatPacificDate(current.expiresAt, lang) })}</p>}
      {cycle && <p data-testid="add-on-cycle">{t('cycle', { start: formatPacificDate(cycle.start, lang), end: formatPacificDate(cycle.end, lang), bought: cycle.bought, limit: cycle.limit })}</p>}
    </div>
  );
}
