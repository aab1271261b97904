/** The two choices of the plan pages: how many months (with the multi-month discount) and physical SIM or eSIM. */
import { useTranslation } from 'react-i18next';
import type { BundleList } from '../../src/contract/catalog';
import type { PlanMonths } from '../../src/domain/pricing';
import { ChoiceGroup } from './ChoiceGroup';
import { monthOptions, SIM_TYPES, type PlanChoice, type SimType } from './plans.connect';

/** `discounts` false: the plan is excluded from promotions, so no option promises a saving. */
export function MonthsChoice({ offers, value, onChange, discounts = true }: { offers: BundleList['multiMonth']; value: PlanMonths; onChange: (m: PlanMonths) => void; discounts?: boolean }) {
  const { t } = useTranslation('plans');
  return (
    <ChoiceGroup legend={t('choice.months')} name="months" value={value} onChange={onChange} columns={4}
      choices={monthOptions(offers).map((o) => ({
        value: o.months,
        label: t('choice.monthsOption', { count: o.months }),
        note: discounts && o.percent > 0 ? t('choice.save', { percent: o.percent }) : t('choice.noDiscount'),
      }))} />
  );
}

export function SimTypeChoice({ value, onChange }: { value: SimType; onChange: (s: SimType) => void }) {
  const { t } = useTranslation('plans');
  return (
    <ChoiceGroup legend={t('choice.simType')} name="simType" value={value} onChange={onChange} columns={2}
      choices={SIM_TYPES.map((s) => ({ value: s, label: t(`simType.${s}`), note: t(`simType.${s}Note`) }))} />
  );
}

export function PlanChoices({ offers, choice, onChange, simTypeFixed = false, framed = true, discounts = true }: {
  offers: BundleList['multiMonth']; choice: PlanChoice; onChange: (c: Partial<PlanChoice>) => void; simTypeFixed?: boolean; framed?: boolean; discounts?: boolean;
}) {
  const frame = framed ? 'rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:flex-row sm:flex-wrap sm:items-start sm:gap-10' : '';
  return (
    <div className={`flex flex-col gap-6 ${frame}`}>
      <MonthsChoice offers={offers} value={choice.months} onChange={(months) => onChange({ months })} discounts={discounts} />
      {!simTypeFixed && <SimTypeChoice value={choice.simType} onChange={(simType) => onChange({ simType })} />}
    </div>
  );
}
