import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoaderData, useLocation, useNavigate } from 'react-router-dom';
import type { UsagePageData } from '../../src/contract/pageData';
import type { UsageList, UsageType } from '../../src/contract/usage';
import { AppLink, USAGE_PATHS, usageHref } from '../../src/app/forScreens';
import { formatMoney, localeOf } from '../../i18n';
import { inputClass, linkClass, secondaryButton } from '../ui/fields';
import { formatDuration, formatMonth, formatVolumeKb, pageCount, totalsOf, type TotalItem } from './usage.connect';
import { DataAllowanceCard } from './DataAllowanceCard';
import { UsageTable } from './UsageTable';

const TYPES: UsageType[] = ['voice', 'data', 'sms', 'topup'];
const card = 'rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200';

function Tabs({ current }: { current: UsageType }) {
  const { t } = useTranslation('portalUsage');
  return (
    <nav aria-label={t('tabsLabel')}>
      <ul className="flex flex-wrap gap-2">
        {TYPES.map((type) => (
          <li key={type}>
            <AppLink
              to={USAGE_PATHS[type]}
              aria-current={type === current ? 'page' : undefined}
              className={`inline-flex rounded-full px-4 py-2 text-sm font-semibold ${type === current ? 'bg-blue-700 text-white' : 'bg-white text-slate-900 ring-1 ring-slate-300 hover:bg-slate-50'}`}
            >
              {t(`tabs.${type}`)}
            </AppLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Month and direction: chosen, then shown (the URL keeps them, so a reload or a shared link shows the same records). */
function Filters({ list }: { list: UsageList }) {
  const { t, i18n } = useTranslation('portalUsage');
  const locale = localeOf(i18n.language);
  const navigate = useNavigate();
  const id = useId();
  const [month, setMonth] = useState(list.month);
  const [direction, setDirection] = useState(list.direction ?? '');
  const hasDirection = list.type === 'voice' || list.type === 'sms';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void navigate(usageHref(list.type, { month, direction: direction || null }));
  };
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-4" aria-label={t('filters.legend')}>
      <div>
        <label htmlFor={`${id}-month`} className="block text-sm font-medium text-slate-800">{t('filters.month')}</label>
        <select id={`${id}-month`} className={inputClass} value={month} onChange={(e) => setMonth(e.target.value)}>
          {list.months.map((m) => <option key={m} value={m}>{formatMonth(m, locale)}</option>)}
        </select>
      </div>
      {hasDirection && (
        <div>
          <label htmlFor={`${id}-direction`} className="block text-sm font-medium text-slate-800">{t('filters.direction')}</label>
          <select id={`${id}-direction`} className={inputClass} value={direction} onChange={(e) => setDirection(e.target.value)}>
            <option value="">{t('filters.all')}</option>
            <option value="in">{t(`direction.${list.type}.in`)}</option>
            <option value="out">{t(`direction.${list.type}.out`)}</option>
          </select>
        </div>
      )}
      <button type="submit" className={secondaryButton}>{t('filters.show')}</button>
    </form>
  );
}

function Totals({ list }: { list: UsageList }) {
  const { t, i18n } = useTranslation('portalUsage');
  const lang = i18n.language;
  const locale = localeOf(lang);
  const show = (item: TotalItem) => {
    if (item.kind === 'duration') return formatDuration(item.value);
    if (item.kind === 'volume') return formatVolumeKb(item.value, locale);
    if (item.kind === 'money') return formatMoney(item.value, lang);
    return new Intl.NumberFormat(locale).format(item.value);
  };
  return (
    <section aria-labelledby="usage-totals" className={card}>
      <h2 id="usage-totals" className="text-base font-semibold text-slate-900">{t('totals.title', { month: formatMonth(list.month, locale) })}</h2>
      <dl className="mt-3 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5">
        {totalsOf(list.type, list.totals).map((item) => (
          <div key={item.key} className="rounded-xl bg-slate-50 p-3">
            <dt className="text-sm text-slate-700">{t(item.key)}</dt>
            <dd className="mt-1 text-xl font-bold tabular-nums text-slate-900" data-testid={item.key}>{show(item)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function Pager({ list }: { list: UsageList }) {
  const { t } = useTranslation('portalUsage');
  const pages = pageCount(list);
  if (pages <= 1) return null;
  const href = (page: number) => usageHref(list.type, { month: list.month, direction: list.direction, page });
  return (
    <nav aria-label={t('pager.label')} className="flex items-center justify-between gap-4">
      {list.page > 1 ? <AppLink to={href(list.page - 1)} className={linkClass}>{t('pager.previous')}</AppLink> : <span />}
      <p className="text-sm text-slate-700">{t('pager.status', { page: list.page, pages })}</p>
      {list.page < pages ? <AppLink to={href(list.page + 1)} className={linkClass}>{t('pager.next')}</AppLink> : <span />}
    </nav>
  );
}

/** /callrecord, /internet, /message, /recharge: a month of one type of record, with its totals (spec sections 2 and 3). */
export default function UsageScreen() {
  const { t, i18n } = useTranslation('portalUsage');
  const data = useLoaderData() as UsagePageData | undefined;
  const location = useLocation();
  const list = data?.list ?? null;
  if (!list) {
    return (
      <section aria-labelledby="usage-title" className={card}>
        <h1 id="usage-title" className="text-2xl font-bold text-slate-900">{t('title')}</h1>
        <p role="alert" className="mt-3 text-slate-700">{t('loadError')}</p>
        <AppLink to={`${location.pathname}${location.search}`} className={`mt-4 inline-block ${linkClass}`}>{t('retry')}</AppLink>
      </section>
    );
  }
  const monthLabel = formatMonth(list.month, localeOf(i18n.language));
  return (
    <div className="space-y-6">
      <header>
        <h1 id="usage-title" className="text-2xl font-bold text-slate-900">{t(`heading.${list.type}`)}</h1>
        <p className="mt-1 text-slate-700">{t('intro')}</p>
      </header>
      <Tabs current={list.type} />
      {list.type === 'data' && <DataAllowanceCard detailsLink={false} />}
      <Filters key={`${list.type}:${list.month}:${list.direction ?? ''}`} list={list} />
      <Totals list={list} />
      <p className="text-sm text-slate-700">{t(`notes.${list.type}`)}</p>
      {list.records.length > 0
        ? <UsageTable type={list.type} records={list.records} caption={`${t(`heading.${list.type}`)} · ${monthLabel}`} />
        : <p role="status" data-testid="usage-empty" className={`${card} text-slate-700`}>{t('empty', { month: monthLabel })}</p>}
      <Pager list={list} />
      <AppLink to="/personal" className={linkClass}>{t('back')}</AppLink>
    </div>
  );
}
