/**
 * /personal, the account home (issue 14): the number, the SIM (ICCID, type, status), the plan in force (status,
 * start and expiry in Pacific time, validity, cycle, auto-renewal, high-speed data with the 128 kbps note, the plans
 * that follow), the General and ILD balances, the activations in progress, and a way to every portal page. A global
 * data SIM customer sees the global pages.
 */
import { useTranslation } from 'react-i18next';
import { useLoaderData } from 'react-router-dom';
import { formatMoney } from '../../i18n';
import type { PersonalHomeData } from '../../src/contract/pageData';
import type { PortalHome } from '../../src/contract/portal';
import { AppLink, isServed, useFindRoute } from '../../src/app/forScreens';
import { formatChinaNumber, formatPhone } from '../../src/domain/phone';
import { ActivationsCard } from './ActivationsCard';
import { Badge, Card, card, Facts, pill, PortalLinks } from './parts';
import { DataAllowance, PlanTerms, Upcoming } from './PlanFacts';
import { PlanLifeCard } from './PlanLifeCard';

const TOP_UP = '/personal/pay/changeAccount';

function SimCard({ home }: { home: PortalHome }) {
  const { t } = useTranslation(['personal', 'portalHome']);
  const { sim } = home;
  if (!sim) {
    return (
      <Card id="sim-title" title={t('personal:sim.title')}>
        <p className="text-sm text-slate-700">{t('personal:sim.none')}</p>
        <div className="mt-4 flex flex-wrap gap-2">
          <AppLink to="/plans" className={`${pill} bg-blue-700 text-white hover:bg-blue-800`}>{t('personal:sim.buy')}</AppLink>
          <AppLink to="/activation" className={`${pill} border border-slate-300 text-slate-900 hover:bg-slate-50`}>{t('personal:sim.activate')}</AppLink>
        </div>
      </Card>
    );
  }
  return (
    <Card id="sim-title" title={t('personal:sim.title')} action={<Badge status={sim.status} label={t(`personal:sim.status.${sim.status}`)} />}>
      <Facts rows={[
        [t('portalHome:sim.kind.' + sim.kind), home.msisdn ? formatPhone(home.msisdn) : t('portalHome:home.noNumberYet')],
        [t('personal:sim.type'), t(`personal:sim.types.${sim.type}`)],
        [t('portalHome:sim.iccid'), <span className="font-mono" data-testid="sim-iccid">{sim.iccid}</span>],
      ]} />
      {sim.status === 'inactive' && (
        <AppLink to="/activation" className={`mt-4 ${pill} bg-blue-700 text-white hover:bg-blue-800`}>{t('personal:sim.activate')}</AppLink>
      )}
    </Card>
  );
}

function PlanCard({ home }: { home: PortalHome }) {
  const { t } = useTranslation(['personal', 'portalHome']);
  const find = useFindRoute();
  const details = find('/package');
  const { plan } = home;
  if (!plan) {
    return (
      <Card id="plan-title" title={t('personal:plan.title')} action={<Badge status="none" label={t('personal:plan.status.none')} />}>
        <p className="text-sm text-slate-700">{t('personal:plan.noneBody')}</p>
        <AppLink to={home.global ? '/plans/global' : '/plans'} className={`mt-4 ${pill} bg-blue-700 text-white hover:bg-blue-800`}>{t('personal:plan.choose')}</AppLink>
      </Card>
    );
  }
  return (
    <Card id="plan-title" title={t('personal:plan.title')} action={<Badge status={plan.status} label={t(`personal:plan.status.${plan.status}`)} />}>
      <p className="text-lg font-semibold text-slate-900" data-testid="plan-name">{plan.name}</p>
      <div className="mt-3 space-y-4">
        <PlanTerms plan={plan} />
        <DataAllowance data={plan.data} />
        <Upcoming upcoming={home.upcoming} />
      </div>
      {details && isServed(details) && (
        <AppLink to="/package" className={`mt-4 ${pill} border border-slate-300 text-slate-900 hover:bg-slate-50`}>{t('portalHome:plan.details')}</AppLink>
      )}
    </Card>
  );
}

function Balances({ home }: { home: PortalHome }) {
  const { t, i18n } = useTranslation('personal');
  const lang = i18n.language;
  const find = useFindRoute();
  const topUp = find(TOP_UP);
  // Spec section 2: top-up's entry points go only where showAutonewSetBtn allows, and only to a page that exists.
  const canTopUp = home.showAutonewSetBtn !== 0 && topUp !== undefined && isServed(topUp);
  return (
    <Card id="balances-title" title={t('balances.title')}>
      <dl className="grid gap-4 sm:grid-cols-2">
        <div className="rounded-xl bg-slate-50 p-4">
          <dt className="text-sm font-medium text-slate-700">{t('balances.general')}</dt>
          <dd className="mt-1 text-2xl font-bold text-slate-900" data-testid="balance-general">{formatMoney(home.balances.generalCents, lang)}</dd>
          <dd className="mt-1 text-xs text-slate-600">{t('balances.generalHint')}</dd>
        </div>
        <div className="rounded-xl bg-slate-50 p-4">
          <dt className="text-sm font-medium text-slate-700">{t('balances.ild')}</dt>
          <dd className="mt-1 text-2xl font-bold text-slate-900" data-testid="balance-ild">{formatMoney(home.balances.ildCents, lang)}</dd>
          <dd className="mt-1 text-xs text-slate-600">{t('balances.ildHint')}</dd>
        </div>
      </dl>
      {canTopUp && <AppLink to={TOP_UP} className={`mt-4 ${pill} bg-amber-400 text-slate-900 hover:bg-amber-300`}>{t('balances.topUp')}</AppLink>}
    </Card>
  );
}

/** Issue 16: the US line's China number in the state its chart has, and the way to its page. */
function DualNumberCard({ home }: { home: PortalHome }) {
  const { t } = useTranslation('portalHome');
  const find = useFindRoute();
  const dual = home.dualNumber;
  const page = find('/personal/doubleNumber/openDouble');
  if (!dual || !page || !isServed(page)) return null;
  const open = dual.state === 'opened' || dual.state === 'pendingClose';
  return (
    <Card id="dual-title" title={t('dual.title')} action={<span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${open ? 'bg-emerald-100 text-emerald-900' : 'bg-slate-200 text-slate-900'}`}>{t(`dual.state.${dual.state}`)}</span>}>
      <div className="flex flex-wrap items-center justify-between gap-3" data-testid="portal-dual" data-state={dual.state}>
        <p className="text-sm text-slate-700">
          {dual.chinaNumber ? <span className="text-lg font-semibold text-slate-900" translate="no">{formatChinaNumber(dual.chinaNumber)}</span> : t('dual.none')}
        </p>
        <AppLink to="/personal/doubleNumber/openDouble" className={`${pill} bg-blue-700 text-white hover:bg-blue-800`}>{t(dual.state === 'notOpened' || dual.state === 'closed.numberReleased' ? 'dual.open' : 'dual.manage')}</AppLink>
      </div>
    </Card>
  );
}

/** Issue 16 (decision 0037): a new SIM on its way, and where to activate it when it comes. */
function ReplacementCard({ home }: { home: PortalHome }) {
  const { t } = useTranslation('portalHome');
  const r = home.replacement;
  if (!r) return null;
  return (
    <Card id="replacement-title" title={t(`replacement.${r.state}.title`)}>
      <div className="flex flex-wrap items-center justify-between gap-3" data-testid="portal-replacement" data-state={r.state}>
        <p className="text-sm text-slate-700">{t(`replacement.${r.state}.body`, { orderNo: r.orderNo })}</p>
        <AppLink to="/personal/upgradeNewCard" className={`${pill} bg-blue-700 text-white hover:bg-blue-800`}>{t(`replacement.${r.state}.action`)}</AppLink>
      </div>
    </Card>
  );
}

export default function PersonalHomeScreen() {
  const { t } = useTranslation(['personal', 'portalHome']);
  const data = useLoaderData() as PersonalHomeData | undefined;
  const home = data?.home ?? null;
  if (!home) {
    return (
      <section aria-labelledby="personal-title" className={card}>
        <h1 id="personal-title" className="text-2xl font-bold text-slate-900">{t('personal:title')}</h1>
        <p role="status" className="mt-3 text-slate-700">{t('personal:loadError')}</p>
      </section>
    );
  }
  return (
    <div className="space-y-6" data-testid="portal-home" data-global={home.global}>
      <header>
        <h1 id="personal-title" className="text-2xl font-bold text-slate-900">{t(home.global ? 'portalHome:home.globalTitle' : 'personal:title')}</h1>
        {home.global
          ? <p className="mt-1 text-slate-700">{t('portalHome:home.globalIntro')}</p>
          : home.msisdn && <p className="mt-1 text-slate-700">{t('personal:number', { phone: formatPhone(home.msisdn) })}</p>}
        <p className="mt-1 text-xs text-slate-600">{t('portalHome:home.pacific')}</p>
      </header>
      {/* Issue 15: a suspension first (what to pay and by when, or staff's reason), the line and plan, then auto-renewal. */}
      <PlanLifeCard enabled={!home.global && home.isSmsUser === 0}>
        <div className="grid items-start gap-6 lg:grid-cols-2">
          <SimCard home={home} />
          <PlanCard home={home} />
        </div>
      </PlanLifeCard>
      <ReplacementCard home={home} />
      <ActivationsCard activations={data?.activations} />
      <DualNumberCard home={home} />
      <Balances home={home} />
      <PortalLinks flags={{ global: home.global, isSmsUser: home.isSmsUser, showAutonewSetBtn: home.showAutonewSetBtn }} />
    </div>
  );
}
