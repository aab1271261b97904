import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoaderData } from 'react-router-dom';
import type { PersonalHomeData } from '../../src/contract/pageData';
import { AppLink } from '../../src/app/forScreens';
import { formatPhone } from '../../src/domain/phone';
import type { UserInfo } from '../../src/contract/personal';
import { formatDate, formatMoney } from '../../i18n';
import { formatDataMb } from '../ui/format';
import { ActivationsCard } from './ActivationsCard';

const card = 'rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200';
const link = 'inline-flex items-center justify-center rounded-full px-4 py-2 text-sm font-semibold';

function Card({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={card}>
      <h2 id={id} className="text-base font-semibold text-slate-900">{title}</h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

const STATUS_TONE: Record<string, string> = {
  activated: 'bg-emerald-100 text-emerald-900',
  activating: 'bg-amber-100 text-amber-900',
  inactive: 'bg-slate-200 text-slate-900',
  expired: 'bg-rose-100 text-rose-900',
  main: 'bg-emerald-100 text-emerald-900',
  pending: 'bg-amber-100 text-amber-900',
  none: 'bg-slate-200 text-slate-900',
};
function Badge({ status, label }: { status: string; label: string }) {
  return <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_TONE[status] ?? ''}`}>{label}</span>;
}

function SimCard({ user }: { user: UserInfo }) {
  const { t } = useTranslation('personal');
  if (!user.sim) {
    return (
      <Card id="sim-title" title={t('sim.title')}>
        <p className="text-sm text-slate-700">{t('sim.none')}</p>
        <div className="mt-4 flex flex-wrap gap-2">
          <AppLink to="/plans" className={`${link} bg-blue-700 text-white hover:bg-blue-800`}>{t('sim.buy')}</AppLink>
          <AppLink to="/activation" className={`${link} border border-slate-300 text-slate-900 hover:bg-slate-50`}>{t('sim.activate')}</AppLink>
        </div>
      </Card>
    );
  }
  return (
    <Card id="sim-title" title={t('sim.title')}>
      <Badge status={user.sim.status} label={t(`sim.status.${user.sim.status}`)} />
      <dl className="mt-3 space-y-1 text-sm text-slate-700">
        <div className="flex justify-between gap-4"><dt>{t('sim.type')}</dt><dd className="font-medium text-slate-900">{t(`sim.types.${user.sim.type}`)}</dd></div>
        <div className="flex justify-between gap-4"><dt>{t('sim.iccid')}</dt><dd className="font-medium text-slate-900">{t('sim.iccidEnding', { last4: user.sim.iccidLast4 })}</dd></div>
      </dl>
      {user.sim.status === 'inactive' && (
        <AppLink to="/activation" className={`mt-4 ${link} bg-blue-700 text-white hover:bg-blue-800`}>{t('sim.activate')}</AppLink>
      )}
    </Card>
  );
}

function PlanCard({ user }: { user: UserInfo }) {
  const { t, i18n } = useTranslation('personal');
  const lang = i18n.language;
  const { plan } = user;
  if (plan.status === 'none') {
    return (
      <Card id="plan-title" title={t('plan.title')}>
        <Badge status="none" label={t('plan.status.none')} />
        <p className="mt-3 text-sm text-slate-700">{t('plan.noneBody')}</p>
        <AppLink to="/plans" className={`mt-4 ${link} bg-blue-700 text-white hover:bg-blue-800`}>{t('plan.choose')}</AppLink>
      </Card>
    );
  }
  const used = plan.dataUsedMb ?? 0;
  const percent = plan.dataTotalMb ? Math.min(100, Math.round((used / plan.dataTotalMb) * 100)) : null;
  return (
    <Card id="plan-title" title={t('plan.title')}>
      <div className="flex flex-wrap items-center gap-2">
        <Badge status={plan.status} label={t(`plan.status.${plan.status}`)} />
        {plan.name && <span className="text-lg font-semibold text-slate-900">{plan.name}</span>}
      </div>
      <dl className="mt-3 space-y-1 text-sm text-slate-700">
        {plan.expiresAt && (
          <div className="flex justify-between gap-4"><dt>{t('plan.expires')}</dt><dd className="font-medium text-slate-900">{formatDate(plan.expiresAt, lang)}</dd></div>
        )}
        <div className="flex justify-between gap-4"><dt>{t('plan.autoRenew')}</dt><dd className="font-medium text-slate-900">{plan.autoRenew ? t('plan.on') : t('plan.off')}</dd></div>
      </dl>
      <div className="mt-4">
        <p className="text-sm text-slate-700">
          {plan.dataTotalMb === null
            ? t('plan.dataUsedUnlimited', { used: formatDataMb(used, lang) })
            : t('plan.dataUsed', { used: formatDataMb(used, lang), total: formatDataMb(plan.dataTotalMb, lang) })}
        </p>
        {percent !== null && (
          <div className="mt-2 h-2 rounded-full bg-slate-200" role="meter" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} aria-label={t('plan.dataMeter')}>
            <div className="h-2 rounded-full bg-blue-700" style={{ width: `${percent}%` }} />
          </div>
        )}
      </div>
    </Card>
  );
}

function Balances({ user }: { user: UserInfo }) {
  const { t, i18n } = useTranslation('personal');
  const lang = i18n.language;
  const canTopUp = user.showAutonewSetBtn !== 0;
  return (
    <Card id="balances-title" title={t('balances.title')}>
      <dl className="grid gap-4 sm:grid-cols-2">
        <div className="rounded-xl bg-slate-50 p-4">
          <dt className="text-sm font-medium text-slate-700">{t('balances.general')}</dt>
          <dd className="mt-1 text-2xl font-bold text-slate-900">{formatMoney(user.balances.generalCents, lang)}</dd>
          <dd className="mt-1 text-xs text-slate-600">{t('balances.generalHint')}</dd>
        </div>
        <div className="rounded-xl bg-slate-50 p-4">
          <dt className="text-sm font-medium text-slate-700">{t('balances.ild')}</dt>
          <dd className="mt-1 text-2xl font-bold text-slate-900">{formatMoney(user.balances.ildCents, lang)}</dd>
          <dd className="mt-1 text-xs text-slate-600">{t('balances.ildHint')}</dd>
        </div>
      </dl>
      {canTopUp && (
        <AppLink to="/personal/pay/changeAccount" className={`mt-4 ${link} bg-amber-400 text-slate-900 hover:bg-amber-300`}>{t('balances.topUp')}</AppLink>
      )}
    </Card>
  );
}

/** /personal home: number, SIM status, plan status and the two balances (spec sections 3 and 4). */
export default function PersonalHomeScreen() {
  const { t } = useTranslation('personal');
  const data = useLoaderData() as PersonalHomeData | undefined;
  const user = data?.user ?? null;
  if (!user) {
    return (
      <section aria-labelledby="personal-title" className={card}>
        <h1 id="personal-title" className="text-2xl font-bold text-slate-900">{t('title')}</h1>
        <p role="status" className="mt-3 text-slate-700">{t('loadError')}</p>
      </section>
    );
  }
  return (
    <div className="space-y-6">
      <header>
        <h1 id="personal-title" className="text-2xl font-bold text-slate-900">{t('title')}</h1>
        <p className="mt-1 text-slate-700">{t('number', { phone: formatPhone(user.msisdn) })}</p>
      </header>
      <div className="grid gap-6 lg:grid-cols-2">
        <SimCard user={user} />
        <PlanCard user={user} />
      </div>
      <ActivationsCard activations={data?.activations} />
      <Balances user={user} />
    </div>
  );
}
