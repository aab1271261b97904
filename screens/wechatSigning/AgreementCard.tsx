/** The customer's WeChat Pay agreement on /wechat-signing: its state, and signing, continuing, giving up or cancelling it. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPacificDateTime } from '../../i18n';
import type { AgreementView } from '../../src/contract/wechatSigning';
import { formatPhone } from '../../src/domain/phone';
import { primaryButton, secondaryButton } from '../ui/fields';
import { agreementDisplay } from './wechatSigning.connect';

const BADGE_TONE: Record<string, string> = {
  signing: 'bg-amber-100 text-amber-900', signed: 'bg-emerald-100 text-emerald-900', notSigned: 'bg-slate-100 text-slate-800', terminated: 'bg-slate-100 text-slate-800',
};

export function AgreementCard(props: { view: AgreementView; busy: boolean; onSign: () => void; onCancel: () => void }) {
  const { t, i18n } = useTranslation('wechatSigning');
  const [confirming, setConfirming] = useState(false);
  const agreement = props.view.agreement;
  const d = agreementDisplay(agreement);
  const when = agreement && d.dateField ? agreement[d.dateField] : null;
  const values = { date: when ? formatPacificDateTime(when, i18n.language) : '', until: when ? formatPacificDateTime(when, i18n.language) : '', account: agreement ? formatPhone(agreement.account) : '' };
  return (
    <section aria-labelledby="agreement-title" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="agreement-title" className="text-xl font-semibold text-slate-900">{t('state.title')}</h2>
        {d.badge && <span data-testid="agreement-state" className={`rounded-full px-3 py-1 text-sm font-semibold ${BADGE_TONE[d.badge]}`}>{t(`state.badge.${d.badge}`)}</span>}
      </div>
      <p className="mt-3 text-slate-800">{t(d.stateKey, values)}</p>
      <div className="mt-5 flex flex-wrap gap-3">
        {d.canSign && <button type="button" className={`${primaryButton} sm:w-auto`} disabled={props.busy} onClick={props.onSign}>{t('action.sign')}</button>}
        {d.canContinue && agreement?.signUrl && <a href={agreement.signUrl} className={`${primaryButton} sm:w-auto`}>{t('action.continue')}</a>}
        {d.canCancel && !confirming && (
          <button type="button" className={secondaryButton} disabled={props.busy} onClick={() => (agreement?.state === 'signing' ? props.onCancel() : setConfirming(true))}>
            {t(agreement?.state === 'signing' ? 'action.giveUp' : 'action.cancel')}
          </button>
        )}
      </div>
      {confirming && d.canCancel && (
        <div role="alertdialog" aria-labelledby="cancel-question" className="mt-4 rounded-xl border border-amber-300 bg-amber-50 p-4">
          <p id="cancel-question" className="text-sm text-amber-950">{t('cancel.confirm')}</p>
          <div className="mt-3 flex flex-wrap gap-3">
            <button type="button" className={secondaryButton} disabled={props.busy} onClick={() => { setConfirming(false); props.onCancel(); }}>{t('cancel.yes')}</button>
            <button type="button" className={secondaryButton} autoFocus onClick={() => setConfirming(false)}>{t('cancel.no')}</button>
          </div>
        </div>
      )}
    </section>
  );
}
