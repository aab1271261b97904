/**
 * Spec section 4: "eSIM QR by email in about 5 minutes ... eSIM QR valid 30 days". Each profile's GSMA activation
 * code (`LPA:1$<SM-DP+>$<matching id>`) as a QR code to scan, and as text for phones that type it in.
 */
import { useTranslation } from 'react-i18next';
import { formatPacificDate } from '../../i18n';
import type { OrderData } from '../../src/contract/orders';
import { QrCode } from '../ui/QrCode';
import { VerbatimText } from '../ui/Verbatim';

export function EsimCodes({ order }: { order: OrderData }) {
  const { t, i18n } = useTranslation('checkout');
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-800"><VerbatimText k="checkout:result.esim.intro" values={{ email: order.email }} /></p>
      <ol className="grid gap-4 sm:grid-cols-2">
        {order.esims.map((esim, i) => {
          const [, smdp = '', matchingId = ''] = esim.lpa.split('$');
          return (
            <li key={esim.iccid} className="flex flex-col items-center gap-2 rounded-xl bg-slate-50 p-4 text-center ring-1 ring-slate-200">
              <p className="text-sm font-semibold text-slate-900">{t('result.esim.number', { index: i + 1, count: order.esims.length })}</p>
              <QrCode text={esim.lpa} alt={t('result.esim.qrAlt', { index: i + 1 })} size={200} />
              <dl className="w-full space-y-1 text-left text-xs text-slate-800">
                <div><dt className="font-medium">{t('result.esim.iccid')}</dt><dd className="font-mono break-all" translate="no">{esim.iccid}</dd></div>
                <div><dt className="font-medium">{t('result.esim.smdp')}</dt><dd className="font-mono break-all" translate="no">{smdp}</dd></div>
                <div><dt className="font-medium">{t('result.esim.matchingId')}</dt><dd className="font-mono break-all" translate="no">{matchingId}</dd></div>
                <div><dt className="font-medium">{t('result.esim.validUntil')}</dt><dd>{formatPacificDate(esim.qrExpiresAt, i18n.language)}</dd></div>
              </dl>
            </li>
          );
        })}
      </ol>
      <p className="text-xs text-slate-600">{t('result.esim.howTo')}</p>
    </div>
  );
}
