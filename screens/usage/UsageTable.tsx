import { useTranslation } from 'react-i18next';
import type { UsageRecord, UsageType } from '../../src/contract/usage';
import { countryName, formatDate, formatMoney, localeOf } from '../../i18n';
import { PACIFIC_TIME_ZONE } from '../../src/domain/pacificTime';
import { formatDuration, formatPeer, formatVolumeKb } from './usage.connect';

const th = 'px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-slate-700';
const td = 'px-3 py-2 text-sm text-slate-900 align-top';

type Column = { key: string; cell: (r: UsageRecord) => string; numeric?: boolean; nowrap?: boolean };

function useColumns(type: UsageType): Column[] {
  const { t, i18n } = useTranslation('portalUsage');
  const lang = i18n.language;
  // The page says once that times are Pacific time; each row shows the short date and time there.
  const time: Column = { key: 'columns.time', cell: (r) => formatDate(r.at, lang, { dateStyle: 'medium', timeStyle: 'short', timeZone: PACIFIC_TIME_ZONE }), nowrap: true };
  const country: Column = { key: 'columns.country', cell: (r) => (r.peerCountry ? countryName(r.peerCountry, lang) : '') };
  const number: Column = { key: 'columns.number', cell: (r) => formatPeer(r.peer, r.peerDialCode), nowrap: true };
  switch (type) {
    case 'voice':
      return [
        time,
        { key: 'columns.direction', cell: (r) => (r.direction ? t(`direction.voice.${r.direction}`) : '') },
        number, country,
        { key: 'columns.duration', cell: (r) => formatDuration(r.durationSec), numeric: true },
        { key: 'columns.amount', cell: (r) => (r.amountCents > 0 ? formatMoney(r.amountCents, lang) : t('included')), numeric: true },
      ];
    case 'data':
      return [
        time,
        { key: 'columns.duration', cell: (r) => formatDuration(r.durationSec), numeric: true },
        { key: 'columns.volume', cell: (r) => formatVolumeKb(r.volumeKb, localeOf(lang)), numeric: true },
        { key: 'columns.speed', cell: (r) => t(r.slowed ? 'speed.slowed' : 'speed.high') },
      ];
    case 'sms':
      return [
        time,
        { key: 'columns.smsDirection', cell: (r) => (r.direction ? t(`direction.sms.${r.direction}`) : '') },
        number, country,
        { key: 'columns.via', cell: (r) => (r.via ? t(`via.${r.via}`) : '') },
      ];
    case 'topup':
      return [
        time,
        { key: 'columns.account', cell: (r) => (r.account ? t(`account.${r.account}`) : '') },
        { key: 'columns.topupAmount', cell: (r) => formatMoney(r.amountCents, lang), numeric: true },
      ];
  }
}

/** The month's records of one type, one row each, newest first. */
export function UsageTable({ type, records, caption }: { type: UsageType; records: UsageRecord[]; caption: string }) {
  const { t } = useTranslation('portalUsage');
  const columns = useColumns(type);
  return (
    <div className="overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      <table className="min-w-full divide-y divide-slate-200">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50">
          <tr>{columns.map((c) => <th key={c.key} scope="col" className={`${th} ${c.numeric ? 'text-right' : ''}`}>{t(c.key)}</th>)}</tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {records.map((r) => (
            <tr key={r.id} data-testid="usage-row">
              {columns.map((c) => <td key={c.key} className={`${td} ${c.numeric ? 'text-right tabular-nums' : ''} ${c.nowrap ? 'whitespace-nowrap' : ''}`} translate={c.key === 'columns.number' ? 'no' : undefined}>{c.cell(r)}</td>)}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
