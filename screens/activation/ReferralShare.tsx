/** Step 3's referral sharing (spec section 2 "success with referral sharing"; section 3 "referral code (4 characters), link, QR code"). */
import { useTranslation } from 'react-i18next';
import { QrCode } from '../ui/QrCode';
import { CopyButton } from '../ui/CopyButton';
import { FormSection } from '../ui/fields';

export function ReferralShare({ code, link }: { code: string; link: string }) {
  const { t } = useTranslation('activation');
  return (
    <FormSection title={t('referral.heading')}>
      <p className="text-sm text-slate-700">{t('referral.body')}</p>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <QrCode text={link} alt={t('referral.qrAlt')} size={176} />
        <dl className="min-w-0 flex-1 space-y-3 text-sm">
          <div>
            <dt className="text-slate-700">{t('referral.code')}</dt>
            <dd className="mt-1 flex items-center gap-2"><span className="font-mono text-lg font-semibold text-slate-900" translate="no">{code}</span><CopyButton value={code} label={t('referral.copyCode')} /></dd>
          </div>
          <div>
            <dt className="text-slate-700">{t('referral.link')}</dt>
            <dd className="mt-1 flex flex-wrap items-center gap-2"><span className="break-all text-slate-900" translate="no">{link}</span><CopyButton value={link} label={t('referral.copyLink')} /></dd>
          </div>
        </dl>
      </div>
    </FormSection>
  );
}
