/** "SIM count, SIM type, plan months, auto-renewal switch" (spec section 2): what is bought. */
import { useTranslation } from 'react-i18next';
import { formatMoney, countryName } from '../../i18n';
import { PLAN_MONTHS, multiMonthPercentFor, type PlanMonths } from '../../src/domain/pricing';
import { formatDataMb } from '../ui/format';
import type { ActivationCard } from '../../machines/checkoutForm';
import type { CheckoutView } from './checkout.connect';
import { activationKey, groupedIccid } from './activationCard';
import { AutoRenewSwitch } from './AutoRenewSwitch';
import { usePlanName } from './productLabel';
import { ChoiceGroup, FormSection, SelectInput, TextInput } from '../ui/fields';

/** Activation's plan purchase: one SIM, the card being activated (its type and its whole ICCID, as printed on it). */
export function ActivationCardInfo({ card, note }: { card: Pick<ActivationCard, 'iccid' | 'kind' | 'simType'>; note?: string }) {
  const { t } = useTranslation('checkout');
  return (
    <div className="flex items-start gap-3 rounded-xl bg-blue-50 p-4 ring-1 ring-blue-200" data-testid="activation-card">
      <svg width="28" height="36" viewBox="0 0 28 36" aria-hidden="true" className="mt-0.5 shrink-0 text-blue-700">
        <path d="M2 4a3 3 0 0 1 3-3h13l8 8v23a3 3 0 0 1-3 3H5a3 3 0 0 1-3-3z" fill="white" stroke="currentColor" strokeWidth="2" />
        <rect x="8" y="15" width="12" height="12" rx="2" fill="currentColor" opacity=".85" />
      </svg>
      <div className="min-w-0">
        <p className="text-sm font-semibold text-slate-900">{t('activationPlan.card')}</p>
        <p className="mt-1 text-sm text-slate-800">
          {card.kind === 'global' ? `${t('activationPlan.globalKind')} · ${t(`product.simTypes.${card.simType}`)}` : t(`product.simTypes.${card.simType}`)}
        </p>
        <p className="mt-1 text-sm text-slate-800">
          <span className="font-medium">{t('activationPlan.iccid')}</span>{' '}
          <span className="inline-block whitespace-nowrap font-mono text-base font-semibold tracking-wide text-slate-900" translate="no" data-testid="activation-iccid">{groupedIccid(card.iccid)}</span>
        </p>
        {note && <p className="mt-2 text-sm text-slate-700">{note}</p>}
      </div>
    </div>
  );
}

export function ProductSection({ view }: { view: CheckoutView }) {
  const { t, i18n } = useTranslation('checkout');
  const lang = i18n.language;
  const planName = usePlanName();
  const { draft, catalog } = view;
  if (!catalog) return null;
  const isPack = draft.globalPackId != null;
  const plan = catalog.plans.find((p) => p.id === draft.planId);
  const pack = catalog.global.packs.find((p) => p.id === draft.globalPackId);
  const simTypes = isPack ? catalog.global.simTypes : plan?.simTypes ?? ['physical', 'esim'];

  const planOptions = catalog.plans.filter((p) => p.kind === 'us').map((p) => ({
    value: String(p.id),
    label: t('product.planOption', { name: planName(p.name), price: formatMoney(p.monthlyPriceCents, lang) }),
  }));
  const packOptions = catalog.global.packs.map((p) => {
    const region = catalog.global.regions.find((r) => r.code === p.regionCode);
    return {
      value: String(p.id),
      label: t('product.packOption', {
        region: t(`product.regions.${p.regionCode}`, { defaultValue: region?.destinations.map((d) => countryName(d, lang)).join(', ') ?? p.regionCode }),
        data: formatDataMb(p.dataMb, lang), count: p.days, price: formatMoney(p.priceCents, lang),
      }),
    };
  });

  return (
    <FormSection title={t('product.title')}>
      {isPack ? (
        <SelectInput field="planId" label={t('product.pack')} value={String(draft.globalPackId ?? '')} options={packOptions}
          onChange={(v) => view.change({ field: 'globalPackId', value: Number(v) })} errors={view.fieldError('planId')} />
      ) : (
        <SelectInput field="planId" label={t('product.plan')} value={String(draft.planId ?? '')} options={planOptions}
          placeholder={draft.planId == null ? t('product.choosePlan') : undefined}
          onChange={(v) => view.change({ field: 'planId', value: Number(v) })} errors={view.fieldError('planId')} />
      )}
      {plan && !plan.promotionEligible && !isPack && <p className="text-sm text-slate-700">{t('product.noPromotions')}</p>}
      {pack && <p className="text-sm text-slate-700">{t('product.packNote', { count: pack.days })}</p>}

      {!isPack && (
        <ChoiceGroup<PlanMonths>
          field="months" legend={t('product.months')} value={draft.months} columns="grid-cols-2 sm:grid-cols-4"
          options={PLAN_MONTHS.map((m) => {
            const percent = plan ? multiMonthPercentFor(plan, m, catalog.multiMonth) : 0;
            return { value: m, label: t('product.monthsOption', { count: m }), detail: percent > 0 ? t('product.save', { percent }) : undefined };
          })}
          onChange={(value) => view.change({ field: 'months', value })} errors={view.fieldError('months')}
        />
      )}

      {view.activation ? <ActivationCardInfo card={view.activation} note={t(activationKey('cardNote', view.activation.kind))} /> : (
        <>
          <ChoiceGroup<'physical' | 'esim'>
            field="simType" legend={t('product.simType')} value={draft.simType}
            options={simTypes.map((s) => ({ value: s, label: t(`product.simTypes.${s}`), detail: t(`product.simTypeNotes.${s}`) }))}
            onChange={(value) => view.change({ field: 'simType', value })} errors={view.fieldError('simType')}
          />
          {draft.simType === 'esim' && <p className="text-sm text-slate-700">{t('product.esimCompatibility')}</p>}

          <TextInput field="simCount" label={t('product.simCount')} value={draft.simCount} inputMode="numeric" maxLength={3}
            hint={t('product.simCountHint')} onChange={(value) => view.change({ field: 'simCount', value })} errors={view.fieldError('simCount')} />
        </>
      )}

      <AutoRenewSwitch view={view} />
    </FormSection>
  );
}
