/**
 * Spec section 2 "discount code, referral code"; spec section 5 "Discount and referral codes must be entered when
 * used". The gateway checks them (invalid or expired, the 500MB plan not eligible) when the customer applies them.
 */
import { useTranslation } from 'react-i18next';
import type { CheckoutView } from './checkout.connect';
import { FormSection, TextInput, secondaryButton } from '../ui/fields';
import { useText } from '../ui/text';

export function CodesSection({ view }: { view: CheckoutView }) {
  const { t } = useTranslation('checkout');
  const text = useText();
  // What the gateway says about the codes comes after Apply, while focus stays on the button: a live region reads it out.
  const announced = [...view.fieldError('couponCode'), ...view.fieldError('referralCode')].map(text).join(' ');
  const apply = (label: string) => (
    <button type="button" className={`${secondaryButton} mt-1 h-[42px] shrink-0`} onClick={view.applyCodes} aria-label={label}>
      {t('codes.apply')}
    </button>
  );
  return (
    <FormSection title={t('codes.title')}>
      <TextInput field="couponCode" label={t('codes.coupon')} value={view.draft.couponCode} autoComplete="off" optional maxLength={32}
        onChange={(value) => view.change({ field: 'couponCode', value })} onEnter={view.applyCodes}
        errors={view.fieldError('couponCode')} after={apply(t('codes.applyCoupon'))} />
      <TextInput field="referralCode" label={t('codes.referral')} value={view.draft.referralCode} autoComplete="off" optional maxLength={16}
        hint={t('codes.referralHint')} onChange={(value) => view.change({ field: 'referralCode', value })} onEnter={view.applyCodes}
        errors={view.fieldError('referralCode')} after={apply(t('codes.applyReferral'))} />
      {(view.draft.activityCode || view.draft.promotionPlatform) && (
        // Spec section 3 stored keys `activityCode` and `promotion` (decision 0045): what the campaign link said, kept with the order.
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-xl bg-slate-50 px-3 py-2 text-sm text-slate-800 ring-1 ring-slate-200" data-testid="campaign-codes">
          {view.draft.activityCode && <span>{t('codes.campaign', { code: view.draft.activityCode })}</span>}
          {view.draft.promotionPlatform && <span>{t('codes.platform', { platform: view.draft.promotionPlatform })}</span>}
          <button type="button" className="font-medium text-blue-800 underline underline-offset-2" onClick={() => {
            view.change({ field: 'activityCode', value: '' });
            view.change({ field: 'promotionPlatform', value: '' });
          }}>{t('codes.removeCampaign')}</button>
        </div>
      )}
      <p className="sr-only" aria-live="polite" data-testid="codes-announcement">{announced}</p>
    </FormSection>
  );
}
