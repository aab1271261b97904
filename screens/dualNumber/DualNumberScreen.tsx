/**
 * /personal/doubleNumber/openDouble and /personal/doubleNumber/waitReview (issue 16): the customer's US-China dual
 * number in whatever state the gateway's dualNumber chart has it — the offer, the real-name form with its three photos,
 * waiting for review, a failed review with the reviewer's reason, opening, opened, paused, pending close and closed.
 * The dualNumberPage chart is the truth of the page; this is its picture.
 */
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useMachine } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { countryName, formatMoney, formatPacificDate, formatPacificDateTime } from '../../i18n';
import { AppLink, dualNumberPageFlow, inspectFlow } from '../../src/app/forScreens';
import { dualNumberPhoto, type DualNumberData } from '../../src/contract/dualNumber';
import { ID_FIELD_LENGTHS, ID_PHOTO_SLOTS, ID_TYPES, UNSUPPORTED_ID_TYPES, type IdPhotoSlot } from '../../src/domain/dualNumber';
import { formatChinaNumber, formatPhone } from '../../src/domain/phone';
import { deadlineDay } from '../../src/domain/workingDays';
import { cardClass as card } from '../ui/card';
import { linkClass, Notice, primaryButton, secondaryButton, SelectInput, TextInput } from '../ui/fields';
import { useText } from '../ui/text';
import { connectDualNumber, type DualNumberView } from './dualNumber.connect';
import { regionCodes } from './format';
import { Colon } from '../ui/Colon';


export default function DualNumberScreen() {
  const { t } = useTranslation('dualNumber');
  const text = useText();
  const [snapshot, send] = useMachine(dualNumberPageFlow, { inspect: inspectFlow });
  const view = connectDualNumber(snapshot, send);
  const state = view.data?.state ?? null;
  return (
    <div className="space-y-6" data-testid="dual-number" data-state={view.state} data-dual-state={state ?? ''}>
      <header>
        <h1 className="text-2xl font-bold text-slate-900">{t('page.title')}</h1>
        <p className="mt-1 text-slate-700">{t('page.intro')}</p>
      </header>
      {view.loading && <div className={card} aria-busy="true"><span className="sr-only">{t('page.loading')}</span><div className="h-24 animate-pulse rounded-lg bg-slate-100" /></div>}
      {view.failed && (
        <div className={`${card} space-y-3`}>
          {view.problem && <Notice tone="error">{text(view.problem)}</Notice>}
          <button type="button" className={secondaryButton} onClick={view.retry}>{t('page.retry')}</button>
        </div>
      )}
      {view.data && view.problem && !view.failed && <Notice tone="error">{text(view.problem)}</Notice>}
      {view.data && <StateCard view={view} data={view.data} />}
      {view.confirming && <ConfirmPanel view={view} />}
    </div>
  );
}

function StateCard({ view, data }: { view: DualNumberView; data: DualNumberData }) {
  const { t, i18n } = useTranslation('dualNumber');
  const price = formatMoney(data.priceCents, i18n.language);
  const date = (iso: string | null) => (iso ? formatPacificDate(iso, i18n.language) : '');
  switch (data.state) {
    case 'notOpened':
    case 'closed.numberReleased':
      return (
        <section aria-labelledby="dual-offer" className={`${card} space-y-4`}>
          <h2 id="dual-offer" className="text-lg font-semibold text-slate-900">{t('offer.title')}</h2>
          <Offer price={price} free={data.freeMonthAvailable} />
          {data.state === 'closed.numberReleased' && <Notice tone="info">{t('offer.released')}</Notice>}
          <p className="text-sm text-slate-700">{t('offer.steps', { days: 3 })}</p>
          <button type="button" className={`${primaryButton} sm:w-auto`} onClick={view.apply} disabled={view.busy} aria-busy={view.state === 'applying'}>
            {t(view.state === 'applying' ? 'offer.applying' : 'offer.apply')}
          </button>
          <p className="text-sm"><AppLink to="/personal/doubleNumber/publicity" className={linkClass}>{t('offer.more')}</AppLink></p>
        </section>
      );
    case 'realNameNeeded':
    case 'auditFailed':
      return (
        <div className="space-y-4">
          {data.state === 'auditFailed' && data.application && (
            <div role="alert" className="rounded-2xl bg-rose-50 p-4 text-rose-950 ring-1 ring-rose-300" data-testid="audit-failed">
              <h2 className="font-semibold">{t('failed.title')}</h2>
              <p className="mt-1 text-sm">{t('failed.reason')}<Colon /><span className="font-medium">{data.application.reason}</span></p>
              {data.reuploadUntil && <p className="mt-1 text-sm">{t('failed.deadline', { date: date(data.reuploadUntil) })}</p>}
            </div>
          )}
          <RealNameFormCard view={view} data={data} />
        </div>
      );
    case 'underReview':
      return (
        <section aria-labelledby="dual-review" className={`${card} space-y-3`} data-testid="under-review">
          <h2 id="dual-review" className="text-lg font-semibold text-slate-900">{t('review.title')}</h2>
          <p className="text-slate-700">{t('review.body', { date: data.application ? formatPacificDate(deadlineDay(data.application.reviewDueAt), i18n.language) : '' })}</p>
          {data.application && <ApplicationFacts data={data} />}
          <NumberFacts data={data} />
          <button type="button" className={secondaryButton} onClick={view.refresh} disabled={view.busy}>{t('page.refresh')}</button>
        </section>
      );
    case 'opening':
      return (
        <section aria-labelledby="dual-opening" className={`${card} space-y-2`} aria-busy="true">
          <h2 id="dual-opening" className="text-lg font-semibold text-slate-900">{t('opening.title')}</h2>
          <p className="text-slate-700">{t('opening.body')}</p>
        </section>
      );
    case 'openFailed':
      return (
        <section aria-labelledby="dual-open-failed" className={`${card} space-y-3`}>
          <h2 id="dual-open-failed" className="text-lg font-semibold text-slate-900">{t('openFailed.title')}</h2>
          <Notice tone="error">{t('errors:code.120073')}</Notice>
          <p className="text-sm text-slate-700">{t('openFailed.body')}</p>
          <div className="flex flex-wrap gap-3">
            <ActionButton view={view} action="retryOpen" primary>{t('openFailed.retry')}</ActionButton>
            <button type="button" className={secondaryButton} onClick={() => view.ask('giveUp')} disabled={view.busy}>{t('form.giveUp')}</button>
          </div>
        </section>
      );
    case 'opened':
    case 'pendingClose':
      return (
        <section aria-labelledby="dual-opened" className={`${card} space-y-4`} data-testid="dual-opened">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id="dual-opened" className="text-lg font-semibold text-slate-900">{t(data.state === 'opened' ? 'opened.title' : 'pendingClose.title')}</h2>
            <StateBadge state={data.state} />
          </div>
          <NumberFacts data={data} />
          <p className="text-sm text-slate-700">{t(data.state === 'opened' ? 'opened.renews' : 'pendingClose.body', { date: date(data.periodEndsAt), price })}</p>
          {data.state === 'opened'
            ? <button type="button" className={secondaryButton} onClick={() => view.ask('close')} disabled={view.busy}>{t('opened.close')}</button>
            : <ActionButton view={view} action="keepOpen" primary>{t('pendingClose.keep')}</ActionButton>}
        </section>
      );
    case 'paused':
      return (
        <section aria-labelledby="dual-paused" className={`${card} space-y-4`} data-testid="dual-paused">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id="dual-paused" className="text-lg font-semibold text-slate-900">{t('paused.title')}</h2>
            <StateBadge state={data.state} />
          </div>
          <Notice tone="warning">{t(data.pausedBecause === 'noMainPlan' ? 'paused.noMainPlan' : 'paused.balance', { price, balance: formatMoney(data.generalBalanceCents, i18n.language) })}</Notice>
          <NumberFacts data={data} />
          <p className="text-sm text-slate-700">{t('paused.shutdown', { date: date(data.shutdownAt) })}</p>
          <div className="flex flex-wrap gap-3">
            {data.pausedBecause === 'noMainPlan'
              ? <AppLink to="/package" className={`${primaryButton} sm:w-auto`}>{t('paused.plan')}</AppLink>
              : <AppLink to="/personal/pay/changeAccount" className={`${primaryButton} sm:w-auto`}>{t('paused.topUp')}</AppLink>}
            <ActionButton view={view} action="resume" disabled={data.pausedBecause !== null}>{t('paused.resume', { price })}</ActionButton>
            <button type="button" className={secondaryButton} onClick={() => view.ask('close')} disabled={view.busy}>{t('opened.close')}</button>
          </div>
        </section>
      );
    case 'closed.numberKept':
      return (
        <section aria-labelledby="dual-closed" className={`${card} space-y-4`} data-testid="dual-closed">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id="dual-closed" className="text-lg font-semibold text-slate-900">{t('closed.title')}</h2>
            <StateBadge state={data.state} />
          </div>
          <NumberFacts data={data} />
          <p className="text-sm text-slate-700">{t('closed.kept', { date: date(data.keptUntil) })}</p>
          <ActionButton view={view} action="reopen" primary>{t('closed.reopen', { price })}</ActionButton>
        </section>
      );
  }
}

function Offer({ price, free }: { price: string; free: boolean }) {
  const { t } = useTranslation('dualNumber');
  return (
    <ul className="list-disc space-y-1 pl-5 text-slate-800">
      <li>{t('offer.point1')}</li>
      <li>{t('offer.point2')}</li>
      <li>{t(free ? 'offer.priceFree' : 'offer.price', { price })}</li>
      <li>{t('offer.point4')}</li>
    </ul>
  );
}

const BADGE: Record<string, string> = {
  opened: 'bg-emerald-100 text-emerald-900', pendingClose: 'bg-amber-100 text-amber-900', paused: 'bg-amber-100 text-amber-900', 'closed.numberKept': 'bg-slate-200 text-slate-900',
};
function StateBadge({ state }: { state: string }) {
  const { t } = useTranslation('dualNumber');
  return <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${BADGE[state] ?? ''}`}>{t(`state.${state}`)}</span>;
}

function NumberFacts({ data }: { data: DualNumberData }) {
  const { t } = useTranslation('dualNumber');
  return (
    <dl className="grid gap-3 sm:grid-cols-2">
      <div className="rounded-xl bg-slate-50 p-3">
        <dt className="text-xs text-slate-600">{t('facts.china')}</dt>
        <dd className="mt-1 text-lg font-semibold text-slate-900" translate="no" data-testid="china-number">{data.chinaNumber ? formatChinaNumber(data.chinaNumber) : '—'}</dd>
      </div>
      <div className="rounded-xl bg-slate-50 p-3">
        <dt className="text-xs text-slate-600">{t('facts.us')}</dt>
        <dd className="mt-1 text-lg font-semibold text-slate-900" translate="no">{formatPhone(data.usNumber)}</dd>
      </div>
    </dl>
  );
}

function ApplicationFacts({ data }: { data: DualNumberData }) {
  const { t, i18n } = useTranslation('dualNumber');
  const app = data.application!;
  return (
    <dl className="space-y-1 text-sm text-slate-700">
      {([
        [t('form.idType'), t(`idType.${app.idType}`)],
        [t('form.idName'), app.idName],
        [t('form.idNumber'), `•••• ${app.idNumberHint}`],
        [t('review.submitted'), formatPacificDateTime(app.submittedAt, i18n.language)],
      ] as const).map(([label, value]) => (
        <div key={label} className="flex justify-between gap-4"><dt>{label}</dt><dd className="text-right font-medium text-slate-900">{value}</dd></div>
      ))}
    </dl>
  );
}

function ActionButton({ view, action, primary, disabled, children }: {
  view: DualNumberView; action: 'retryOpen' | 'keepOpen' | 'reopen' | 'resume'; primary?: boolean; disabled?: boolean; children: ReactNode;
}) {
  const running = view.acting === action;
  return (
    <button type="button" className={primary ? `${primaryButton} sm:w-auto` : secondaryButton} onClick={() => view.run(action)} disabled={view.busy || disabled} aria-busy={running}>
      {children}
    </button>
  );
}

function ConfirmPanel({ view }: { view: DualNumberView }) {
  const { t } = useTranslation('dualNumber');
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => { ref.current?.focus(); }, []);
  const action = view.confirming!;
  return (
    <div ref={ref} tabIndex={-1} role="alertdialog" aria-modal="false" aria-labelledby="dual-confirm-title" aria-describedby="dual-confirm-body" className="rounded-2xl bg-amber-50 p-5 ring-1 ring-amber-300">
      <h2 id="dual-confirm-title" className="font-semibold text-amber-950">{t(`confirm.${action}.title`)}</h2>
      <p id="dual-confirm-body" className="mt-1 text-sm text-amber-950">{t(`confirm.${action}.body`)}</p>
      <div className="mt-4 flex flex-wrap gap-3">
        <button type="button" className={`${primaryButton} sm:w-auto`} onClick={view.confirm}>{t(`confirm.${action}.yes`)}</button>
        <button type="button" className={secondaryButton} onClick={view.cancel}>{t('confirm.no')}</button>
      </div>
    </div>
  );
}

function RealNameFormCard({ view, data }: { view: DualNumberView; data: DualNumberData }) {
  const { t, i18n } = useTranslation('dualNumber');
  const regions = useMemo(() => regionCodes().map((code) => ({ value: code, label: countryName(code, i18n.language) }))
    .sort((a, b) => a.label.localeCompare(b.label, i18n.language)), [i18n.language]);
  const lengths = (f: keyof typeof ID_FIELD_LENGTHS) => ({ min: ID_FIELD_LENGTHS[f].min, max: ID_FIELD_LENGTHS[f].max });
  return (
    <form className={`${card} space-y-5`} noValidate aria-labelledby="real-name-title" onSubmit={(e) => { e.preventDefault(); view.submit(); }}>
      <div>
        <h2 id="real-name-title" className="text-lg font-semibold text-slate-900">{t('form.title')}</h2>
        <p className="mt-1 text-sm text-slate-700">{t('form.intro')}</p>
        {data.chinaNumber && <p className="mt-1 text-sm text-slate-700">{t('form.held', { number: formatChinaNumber(data.chinaNumber) })}</p>}
      </div>
      <div className="rounded-xl bg-slate-50 p-3 text-sm text-slate-700">
        <p>{t('form.accepted')}<Colon />{ID_TYPES.map((type) => t(`idType.${type}`)).join(t('form.listSeparator'))}</p>
        <p className="mt-1">{t('form.unsupported')}<Colon />{UNSUPPORTED_ID_TYPES.map((type) => t(`unsupported.${type}`)).join(t('form.listSeparator'))}</p>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectInput field="nationality" label={t('form.nationality')} value={view.draft.nationality} placeholder={t('form.choose')}
          options={regions} onChange={(v) => view.setField('nationality', v)} errors={view.errorsOf('nationality')} />
        <SelectInput field="idType" label={t('form.idType')} value={view.draft.idType} placeholder={t('form.choose')}
          options={ID_TYPES.map((type) => ({ value: type, label: t(`idType.${type}`) }))} onChange={(v) => view.setField('idType', v)} errors={view.errorsOf('idType')} />
        <TextInput field="idName" label={t('form.idName')} value={view.draft.idName} hint={t('form.lengthHint', lengths('idName'))} maxLength={ID_FIELD_LENGTHS.idName.max}
          autoComplete="name" onChange={(v) => view.setField('idName', v)} errors={view.errorsOf('idName')} />
        <TextInput field="idNumber" label={t('form.idNumber')} value={view.draft.idNumber} hint={t('form.lengthHint', lengths('idNumber'))} maxLength={ID_FIELD_LENGTHS.idNumber.max}
          autoComplete="off" onChange={(v) => view.setField('idNumber', v)} errors={view.errorsOf('idNumber')} />
        <TextInput field="issuePlace" label={t('form.issuePlace')} value={view.draft.issuePlace} hint={t('form.lengthHint', lengths('issuePlace'))} maxLength={ID_FIELD_LENGTHS.issuePlace.max}
          onChange={(v) => view.setField('issuePlace', v)} errors={view.errorsOf('issuePlace')} />
        <TextInput field="address" label={t('form.address')} value={view.draft.address} hint={t('form.lengthHint', lengths('address'))} maxLength={ID_FIELD_LENGTHS.address.max}
          autoComplete="street-address" onChange={(v) => view.setField('address', v)} errors={view.errorsOf('address')} />
      </div>
      <fieldset className="space-y-3">
        <legend className="text-sm font-semibold text-slate-900">{t('form.photos')}</legend>
        <p className="text-sm text-slate-700">{t('form.photosRule')}</p>
        <div className="grid gap-4 sm:grid-cols-3">
          {ID_PHOTO_SLOTS.map((slot) => <PhotoPicker key={slot} view={view} slot={slot} />)}
        </div>
      </fieldset>
      <p className="text-xs text-slate-600">{t('form.privacy')}</p>
      <div className="flex flex-wrap gap-3">
        <button type="submit" className={`${primaryButton} sm:w-auto`} disabled={view.busy} aria-busy={view.submitting}>{t(view.submitting ? 'form.sending' : 'form.submit')}</button>
        <button type="button" className={secondaryButton} onClick={() => view.ask('giveUp')} disabled={view.busy}>{t('form.giveUp')}</button>
      </div>
    </form>
  );
}

function PhotoPicker({ view, slot }: { view: DualNumberView; slot: IdPhotoSlot }) {
  const { t } = useTranslation('dualNumber');
  const text = useText();
  const photo = view.photos[slot];
  const errors = view.errorsOf(slot);
  const uploading = view.uploadingSlot === slot;
  const [inputKey, setInputKey] = useState(0);
  const id = `photo-${slot}`;
  return (
    <div className="rounded-xl border border-dashed border-slate-300 p-3" data-testid={`photo-${slot}`} data-uploaded={photo ? 'true' : 'false'}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">{t(`photo.${slot}`)}</label>
      <p className="text-xs text-slate-600">{t(`photo.${slot}Hint`)}</p>
      <div className="mt-2 flex aspect-[4/3] items-center justify-center overflow-hidden rounded-lg bg-slate-100">
        {photo
          ? <img src={`${dualNumberPhoto.path}?ref=${encodeURIComponent(photo.ref)}`} alt={t('photo.preview', { slot: t(`photo.${slot}`) })} className="h-full w-full object-cover" />
          : <span className="text-xs text-slate-600">{uploading ? t('photo.uploading') : t('photo.none')}</span>}
      </div>
      <input
        key={inputKey}
        id={id}
        name={slot}
        type="file"
        accept="image/jpeg,.jpg,.jpeg"
        className="mt-2 block w-full text-sm text-slate-700 file:mr-3 file:rounded-full file:border-0 file:bg-blue-50 file:px-3 file:py-1.5 file:text-sm file:font-semibold file:text-blue-800"
        disabled={view.busy}
        aria-invalid={errors.length > 0}
        aria-describedby={errors.length ? `${id}-error` : undefined}
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) view.choosePhoto(slot, file);
          // A refused file can be chosen again (the same name would not fire a change otherwise).
          setInputKey((k) => k + 1);
        }}
      />
      {photo && <p className="mt-1 text-xs text-emerald-800">{t('photo.ready', { name: photo.name })}</p>}
      {errors.length > 0 && <ul id={`${id}-error`} className="mt-1 space-y-0.5 text-sm text-rose-700">{errors.map((e, i) => <li key={i}>{text(e)}</li>)}</ul>}
    </div>
  );
}
