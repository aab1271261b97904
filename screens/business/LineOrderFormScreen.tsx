/**
 * The form of a line order (spec section 2: bundleChange/form, flowPacket/form, roamPack/form,
 * /global/renewalpackage/form): the chosen offer, months for a plan (1, 3, 4, 6, 12), from when it applies (a changed
 * plan "starts when the current one expires"), the terms, then the payment panel (the `payment` chart).
 */
import type { ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { formatMoney, formatPacificDate } from '../../i18n';
import type { PaymentMachine } from '../../machines/payment.machine';
import { multiMonthPercentFor, quote } from '../../src/domain/pricing';
import { legalHref } from '../legal';
import { PaymentPanel } from '../payment';
import { CheckboxField, ChoiceGroup, Notice, linkClass, primaryButton, secondaryButton } from '../ui/fields';
import { problemText, useText } from '../ui/text';
import { LineSummary } from './LineSummary';
import { OrderFacts } from './OrderFacts';
import { ResultErrorView } from './LineOrderResultErrorScreen';
import { useOfferText } from './offerText';
import { useLineOrder } from './useLineOrder';
import { Colon } from '../ui/Colon';

/** The terms open beside the form (a new tab keeps the choice here), said to screen readers. */
function TermsLink({ href, children }: { href: string; children?: ReactNode }) {
  const { t } = useTranslation('common');
  return <a href={href} className={linkClass} target="_blank" rel="noopener">{children}<span className="sr-only">{` ${t('newTab')}`}</span></a>;
}

export default function LineOrderFormScreen() {
  const { t, i18n } = useTranslation('business');
  const show = useText();
  const { snapshot, send, kind } = useLineOrder();
  const text = useOfferText(kind);
  const { offers, selection, fieldErrors, problem, order } = snapshot.context;
  const lang = i18n.language;

  if (snapshot.matches('failed')) return <ResultErrorView />;
  if (snapshot.matches('paying') && order) {
    const payment = snapshot.children.payment as ActorRefFrom<PaymentMachine> | undefined;
    return (
      <div className="space-y-6">
        <h1 className="text-2xl font-bold text-slate-900">{t(`formTitle.${kind}`)}</h1>
        <OrderFacts kind={kind} order={order} />
        {kind === 'planChange' && <Notice tone="info">{t('startsAtExpiry', { date: formatPacificDate(order.startsAt, lang) })}</Notice>}
        {snapshot.matches({ paying: 'open' }) && (
          <button type="button" className={secondaryButton} onClick={() => send({ type: 'lineOrder.edit' })}>{t('change')}</button>
        )}
        {payment && <PaymentPanel actor={payment} />}
        <p className="text-xs text-slate-600">{t('noRefund')}</p>
      </div>
    );
  }
  const offer = offers?.offers.find((o) => o.id === selection.offerId);
  if (!offers || !offer || !(snapshot.matches('confirming') || snapshot.matches('creating'))) {
    return <p role="status" className="text-sm text-slate-700">{t('pending')}</p>;
  }
  const percent = (months: number) => multiMonthPercentFor(offer, months, offers.multiMonth);
  const totalCents = kind === 'planChange'
    ? quote({ monthlyPriceCents: offer.priceCents, months: selection.months, multiMonthPercent: percent(selection.months), simCount: 1, simType: 'esim', shippingCountry: null, shippingMethod: 'standard', code: null, taxRateBps: 0 }).totalCents
    : offer.priceCents;
  const busy = snapshot.matches('creating');
  return (
    <form className="space-y-6" noValidate onSubmit={(e) => { e.preventDefault(); send({ type: 'lineOrder.submit' }); }}>
      <div className="space-y-2">
        <h1 className="text-2xl font-bold text-slate-900">{t(`formTitle.${kind}`)}</h1>
        <LineSummary offers={offers} />
      </div>
      <div className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
        <p className="font-semibold text-slate-900">{text.title(offer)}</p>
        <p className="text-lg font-bold text-blue-800">{text.price(offer)}</p>
        <ul className="mt-2 space-y-0.5 text-sm text-slate-700">{text.details(offer).map((d) => <li key={d}>{d}</li>)}</ul>
      </div>
      {kind === 'planChange' && (
        <ChoiceGroup<number>
          field="months" legend={t('months')} value={selection.months} columns="grid-cols-2 sm:grid-cols-5" errors={[]}
          options={offers.multiMonth.map((m) => ({ value: m.months, label: t('months', { count: m.months }), detail: percent(m.months) ? t('monthsOff', { percent: percent(m.months) }) : undefined }))}
          onChange={(months) => send({ type: 'months.choose', months })}
        />
      )}
      {offers.startsAt && (
        <Notice tone="info">
          {kind === 'planChange' || (kind === 'globalRenewal' && offers.current)
            ? t('startsAtExpiry', { date: formatPacificDate(offers.startsAt, lang) })
            : t('startsNow')}
        </Notice>
      )}
      <p className="text-base text-slate-900">{t('total')}<Colon /><strong data-testid="line-order-total">{formatMoney(totalCents, lang)}</strong></p>
      <CheckboxField field="terms" checked={selection.termsAccepted} onChange={(accepted) => send({ type: 'terms.toggle', accepted })}
        errors={fieldErrors.terms ? [{ key: fieldErrors.terms }] : []}>
        <Trans t={t} i18nKey="terms" components={[<TermsLink key="terms" href={legalHref('terms', lang)} />]} />
      </CheckboxField>
      {problem && <Notice tone="error">{show(problemText(problem))}</Notice>}
      <div className="flex flex-wrap gap-3">
        <button type="submit" className={`${primaryButton} sm:w-auto`} aria-disabled={busy}>{t('submit')}</button>
        <button type="button" className={secondaryButton} onClick={() => send({ type: 'lineOrder.back' })}>{t('back')}</button>
      </div>
      <p className="text-xs text-slate-600">{t('noRefund')}</p>
    </form>
  );
}
