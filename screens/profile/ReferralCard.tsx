/** Spec section 3, Account: "referral code (4 characters), link, QR code, referral bonus, referral count". */
import { useTranslation } from 'react-i18next';
import type { ProfileData } from '../../src/contract/profile';
import { formatMoney } from '../../i18n';
import { CopyButton } from '../ui/CopyButton';
import { FormSection } from '../ui/fields';
import { QrCode } from '../ui/QrCode';

export function ReferralCard({ referral }: { referral: ProfileData['referral'] }) {
  const { t, i18n } = useTranslation('portalProfile');
  return (
    <FormSection title={t('referral.title')}>
      <p className="text-sm text-slate-700">{t('referral.intro')}</p>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <QrCode text={referral.link} alt={t('referral.qrAlt')} size={160} />
        <dl className="min-w-0 flex-1 space-y-3 text-sm">
          <div>
            <dt className="text-slate-700">{t('referral.code')}</dt>
            <dd className="mt-1 flex items-center gap-2"><span className="font-mono text-lg font-semibold text-slate-900" translate="no" data-testid="referral-code">{referral.code}</span><CopyButton value={referral.code} label={t('referral.copyCode')} /></dd>
          </div>
          <div>
            <dt className="text-slate-700">{t('referral.link')}</dt>
            <dd className="mt-1 flex flex-wrap items-center gap-2"><span className="break-all text-slate-900" translate="no">{referral.link}</span><CopyButton value={referral.link} label={t('referral.copyLink')} /></dd>
          </div>
          <div>
            <dt className="text-slate-700">{t('referral.bonus')}</dt>
            <dd className="mt-1 text-lg font-semibold text-slate-900">{formatMoney(referral.bonusCents, i18n.language)}</dd>
          </div>
          <div>
            <dt className="text-slate-700">{t('referral.count')}</dt>
            <dd className="mt-1 text-lg font-semibold text-slate-900">{referral.count}</dd>
          </div>
        </dl>
      </div>
    </FormSection>
  );
}
