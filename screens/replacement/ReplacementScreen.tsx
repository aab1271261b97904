/**
 * /personal/upgradeNewCard (spec section 2: "upgrade to new SIM card, card replacement"; issue 16 section 4, decision
 * 0037): the card the number runs on, the replacement on its way (tracking, activation by the ICCID and printed code,
 * cancelling), or the way to order one after re-authentication, and why not when the number is locked, kept or removed.
 * A thin view of the simReplacementPage chart.
 */
import { useMachine } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPacificDate, formatPacificDateTime } from '../../i18n';
import { AppLink, inspectFlow, simReplacementFlow } from '../../src/app/forScreens';
import { REPLACEMENT_REASONS, type ReplacementData, type ReplacementInfo } from '../../src/contract/replacement';
import { formatPhone } from '../../src/domain/phone';
import { AddressLinesFields, useCountryName } from '../ui/AddressLinesFields';
import { cardClass as card } from '../ui/card';
import { ChoiceGroup, linkClass, Notice, primaryButton, secondaryButton, SelectInput, TextInput } from '../ui/fields';
import { ReauthForm } from '../security';
import { useText } from '../ui/text';
import { connectReplacement, type ReplacementView } from './replacement.connect';
import { Colon } from '../ui/Colon';

export default function ReplacementScreen() {
  const { t } = useTranslation('security');
  const text = useText();
  const [snapshot, send] = useMachine(simReplacementFlow, { inspect: inspectFlow });
  const view = connectReplacement(snapshot, send);
  const info = view.info;
  return (
    <div className="space-y-6" data-testid="replacement" data-state={view.state} data-replacement={info?.replacement?.state ?? 'none'}>
      <header>
        <h1 className="text-2xl font-bold text-slate-900">{t('replace.title')}</h1>
        <p className="mt-1 text-slate-700">{t('replace.intro')}</p>
      </header>
      {view.loading && <div className={card} aria-busy="true"><div className="h-24 animate-pulse rounded-lg bg-slate-100" /></div>}
      {view.failed && (
        <div className={`${card} space-y-3`}>
          {view.problem && <Notice tone="error">{text(view.problem)}</Notice>}
          <button type="button" className={secondaryButton} onClick={view.retry}>{t('page.retry')}</button>
        </div>
      )}
      {info && view.done && <Notice tone="success">{t(`replace.done.${view.done}`)}</Notice>}
      {info && view.problem && !view.failed && !view.ordering && <Notice tone="error">{text(view.problem)}</Notice>}
      {info && <LineCard info={info} view={view} />}
      {info?.replacement && <Progress replacement={info.replacement} info={info} view={view} />}
      {info && view.ordering && <OrderForm view={view} />}
    </div>
  );
}

function LineCard({ info, view }: { info: ReplacementInfo; view: ReplacementView }) {
  const { t } = useTranslation('security');
  const open = info.replacement?.state === 'ordered' || info.replacement?.state === 'shipped';
  return (
    <section aria-labelledby="replace-line" className={`${card} space-y-3`}>
      <h2 id="replace-line" className="text-lg font-semibold text-slate-900">{t('replace.line', { number: formatPhone(info.usNumber) })}</h2>
      <p className="text-slate-700">{t(`sim.${info.simType}`, { end: info.iccidEnd })}</p>
      {info.numberRemoved && <Notice tone="warning">{t('replace.removed')}</Notice>}
      {!info.numberRemoved && info.numberKept && <Notice tone="warning">{t('replace.kept')}</Notice>}
      {!info.numberRemoved && info.numberLocked && (
        <Notice tone="warning">{t('replace.locked')} <AppLink to="/personal/security" className={linkClass}>{t('replace.lockLink')}</AppLink></Notice>
      )}
      {view.canOrder && !view.ordering && (
        <div className="space-y-2">
          <p className="text-sm text-slate-700">{t('replace.free')}</p>
          <button type="button" className={`${primaryButton} sm:w-auto`} disabled={view.busy} onClick={view.startOrder}>{t('replace.order')}</button>
        </div>
      )}
      {!open && info.simType === 'physical' && !info.numberLocked && !info.numberKept && !info.numberRemoved && (
        <p className="text-sm text-slate-700">{t('replace.esimInstead')} <AppLink to="/person/conversionCard" className={linkClass}>{t('replace.esimLink')}</AppLink></p>
      )}
    </section>
  );
}

function Progress({ replacement: r, info, view }: { replacement: ReplacementData; info: ReplacementInfo; view: ReplacementView }) {
  const { t, i18n } = useTranslation('security');
  const country = useCountryName();
  const lang = i18n.language;
  const place = [r.shipTo.city, r.shipTo.state, country(r.shipTo.country)].filter(Boolean).join(', ');
  const title = r.state === 'cancelled' ? t('replace.progress.cancelled.title') : t(`replace.progress.${r.state}.title`);
  return (
    <section aria-labelledby="replace-progress" className={`${card} space-y-4`} data-testid="replacement-progress">
      <div>
        <h2 id="replace-progress" className="text-lg font-semibold text-slate-900">{title}</h2>
        <p className="mt-1 text-sm text-slate-600">
          {t('replace.progress.orderNo')} <span translate="no">{r.orderNo}</span> · {t('replace.progress.reasonLabel')}<Colon />{t(`replace.reason.${r.reason}`)}
        </p>
      </div>
      {r.state === 'ordered' && <p className="text-slate-700">{t('replace.progress.ordered.body', { date: formatPacificDate(r.createdAt, lang), name: r.shipTo.name, place })}</p>}
      {r.state === 'shipped' && (
        <>
          <p className="text-slate-700">{t('replace.progress.shipped.body', { date: formatPacificDate(r.shippedAt!, lang), carrier: r.carrier ?? '' })}</p>
          <p className="text-sm text-slate-700">
            {t('replace.progress.shipped.tracking')}<Colon /><span translate="no" className="font-mono">{r.trackingNumber}</span>
          </p>
          <ActivateForm replacement={r} view={view} />
        </>
      )}
      {r.state === 'moved' && <p className="text-slate-700">{t('replace.progress.moved.body', { date: formatPacificDateTime(r.movedAt!, lang), number: formatPhone(info.usNumber), end: r.newIccidEnd ?? info.iccidEnd })}</p>}
      {r.state === 'cancelled' && <p className="text-slate-700">{t(`replace.progress.cancelled.${r.cancelReason ?? 'customer'}`, { date: formatPacificDate(r.cancelledAt!, lang) })}</p>}
      {(r.state === 'ordered' || r.state === 'shipped') && <CancelPart view={view} />}
    </section>
  );
}

function ActivateForm({ replacement: r, view }: { replacement: ReplacementData; view: ReplacementView }) {
  const { t, i18n } = useTranslation('security');
  return (
    <form className="space-y-3 rounded-2xl bg-blue-50 p-5 ring-1 ring-blue-200" noValidate onSubmit={(e) => { e.preventDefault(); view.activate(); }} aria-labelledby="replace-activate">
      <h3 id="replace-activate" className="font-semibold text-slate-900">{t('replace.progress.activate.title')}</h3>
      <p className="text-sm text-slate-700">{t('replace.progress.activate.body', { end: r.newIccidEnd ?? '' })}</p>
      {r.activateBy && <p className="text-sm text-slate-700">{t('replace.progress.activate.by', { date: formatPacificDate(r.activateBy, i18n.language) })}</p>}
      <div className="grid gap-3 sm:grid-cols-2">
        <TextInput field="iccid" label={t('replace.progress.activate.iccid')} value={view.values.iccid} inputMode="numeric" maxLength={24} autoComplete="off"
          onChange={(v) => view.setField('iccid', v)} errors={view.errorsOf('iccid')} />
        <TextInput field="activationCode" label={t('replace.progress.activate.code')} value={view.values.activationCode} inputMode="numeric" maxLength={6} autoComplete="off"
          onChange={(v) => view.setField('activationCode', v)} errors={view.errorsOf('activationCode')} />
      </div>
      <button type="submit" className={`${primaryButton} sm:w-auto`} disabled={view.busy} aria-busy={view.activating}>{t('replace.progress.activate.button')}</button>
    </form>
  );
}

function CancelPart({ view }: { view: ReplacementView }) {
  const { t } = useTranslation('security');
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => { if (view.confirmingCancel) ref.current?.focus(); }, [view.confirmingCancel]);
  if (!view.confirmingCancel && !view.cancelling) {
    return <button type="button" className={secondaryButton} disabled={view.busy} onClick={view.askCancel}>{t('replace.progress.cancel.button')}</button>;
  }
  return (
    <div ref={ref} tabIndex={-1} role="group" aria-label={t('replace.progress.cancel.button')} className="space-y-3 rounded-xl bg-amber-50 p-4 ring-1 ring-amber-300">
      <p className="text-sm text-amber-950">{t('replace.progress.cancel.ask')}</p>
      <div className="flex flex-wrap gap-3">
        <button type="button" className={secondaryButton} disabled={view.busy} aria-busy={view.cancelling} onClick={view.confirmCancel}>{t('replace.progress.cancel.yes')}</button>
        <button type="button" className={secondaryButton} disabled={view.busy} onClick={view.keep}>{t('replace.progress.cancel.no')}</button>
      </div>
    </div>
  );
}

function OrderForm({ view }: { view: ReplacementView }) {
  const { t } = useTranslation('security');
  const country = useCountryName();
  const ref = useRef<HTMLElement>(null);
  useEffect(() => { ref.current?.focus(); }, [view.step]);
  const s = view.values.shipping;
  return (
    <section ref={ref} tabIndex={-1} aria-labelledby="replace-form" className={`${card} space-y-5 focus:outline-none`} data-testid="replacement-form">
      <h2 id="replace-form" className="text-lg font-semibold text-slate-900">{t('replace.form.title')}</h2>
      {view.step === 'form' && (
        <form className="space-y-5" noValidate onSubmit={(e) => { e.preventDefault(); view.next(); }}>
          <ChoiceGroup field="reason" legend={t('replace.form.reason')} value={view.values.reason} columns="grid-cols-1"
            options={REPLACEMENT_REASONS.map((r) => ({ value: r, label: t(`replace.reason.${r}`) }))}
            onChange={(v) => view.setField('reason', v)} errors={view.errorsOf('reason')} />
          {view.values.reason === 'lost' && <Notice tone="info">{t('replace.form.lostHint')}</Notice>}
          <fieldset className="space-y-4">
            <legend className="text-base font-semibold text-slate-900">{t('replace.form.shipTo')}</legend>
            <div className="grid gap-4 sm:grid-cols-2">
              <TextInput field="firstNameEn" label={t('replace.form.firstName')} value={s.firstNameEn} autoComplete="shipping given-name"
                onChange={(v) => view.setField('firstNameEn', v)} errors={view.errorsOf('firstNameEn')} />
              <TextInput field="lastNameEn" label={t('replace.form.lastName')} value={s.lastNameEn} autoComplete="shipping family-name"
                onChange={(v) => view.setField('lastNameEn', v)} errors={view.errorsOf('lastNameEn')} />
            </div>
            <TextInput field="phone" label={t('replace.form.phone')} value={s.phone} type="tel" autoComplete="shipping tel"
              onChange={(v) => view.setField('phone', v)} errors={view.errorsOf('phone')} />
            <SelectInput field="country" label={t('replace.form.country')} value={s.country} autoComplete="shipping country"
              options={(['US', 'CN'] as const).map((c) => ({ value: c, label: country(c) }))}
              onChange={(v) => view.setField('country', v)} errors={view.errorsOf('country')} />
            <AddressLinesFields section="shipping" country={s.country === 'CN' ? 'CN' : 'US'} values={s} fieldOf={(line) => line}
              onChange={(line, v) => view.setField(line, v)} errorsOf={(line) => view.errorsOf(line)} />
          </fieldset>
          <div className="flex flex-wrap gap-3">
            <button type="submit" className={`${primaryButton} sm:w-auto`} disabled={view.busy}>{t('replace.form.next')}</button>
            <button type="button" className={secondaryButton} disabled={view.busy} onClick={view.back}>{t('replace.form.back')}</button>
          </div>
        </form>
      )}
      {view.step === 'reauth' && (
        <ReauthForm reason={t('replace.reauth.why')} confirmLabel={t('replace.reauth.confirm')} cancelLabel={t('replace.form.back')} problem={view.problem}
          choosingChannel={view.choosingChannel} answering={view.answering} busy={view.busy} submitting={view.placing} sent={view.sent}
          values={{ code: view.values.code, password: view.values.password }} errorsOf={view.errorsOf} sendCode={view.sendCode} again={view.again}
          cancel={view.back} submit={view.submitReauth} setField={view.setField} />
      )}
    </section>
  );
}
