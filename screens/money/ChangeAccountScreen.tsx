/** /personal/pay/changeAccount: which account, which number, how much (spec section 3, Recharge; section 5). */
import { useTranslation } from 'react-i18next';
import type { TopUpAccount } from '../../src/contract/money';
import { ChoiceGroup, Notice, primaryButton, secondaryButton, TextInput } from '../ui/fields';
import { problemText, useText } from '../ui/text';
import { fieldTexts } from './topUp.connect';
import { useTopUp } from './useTopUp';

const QUICK_AMOUNTS = ['10', '20', '30', '50', '100'];

export default function ChangeAccountScreen() {
  const { t } = useTranslation('portalMoney');
  const text = useText();
  const { snapshot, send } = useTopUp();
  const { draft, problem } = snapshot.context;
  const busy = snapshot.matches('creating');
  const submit = () => send({ type: 'topUp.submit' });
  if (!snapshot.matches('editing') && !busy) return <p role="status" className="text-sm text-slate-700">{t('topUp.statusTitle')}</p>;
  return (
    <form noValidate aria-labelledby="top-up-title" className="space-y-6" onSubmit={(e) => { e.preventDefault(); submit(); }}>
      <div>
        <h1 id="top-up-title" className="text-2xl font-bold text-slate-900">{t('topUp.title')}</h1>
        <p className="mt-2 text-sm text-slate-700">{t('topUp.intro')}</p>
      </div>
      {problem && <Notice tone="error">{text(problemText(problem))}</Notice>}
      <div className="space-y-5 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
        <ChoiceGroup<TopUpAccount>
          field="account" legend={t('topUp.accountLabel')} value={draft.account}
          options={(['general', 'ild'] as const).map((a) => ({ value: a, label: t(`account.${a}`), detail: t(`accountHint.${a}`) }))}
          onChange={(value) => send({ type: 'field.change', field: 'account', value })} errors={fieldTexts(snapshot, 'account')}
        />
        <TextInput
          field="phone" label={t('topUp.phoneLabel')} value={draft.phone} type="tel" inputMode="tel" autoComplete="tel-national" maxLength={32}
          hint={t('topUp.phoneHint')} onChange={(value) => send({ type: 'field.change', field: 'phone', value })} errors={fieldTexts(snapshot, 'phone')}
        />
        <TextInput
          field="amount" label={t('topUp.amountLabel')} value={draft.amount} inputMode="numeric" maxLength={7}
          hint={t('topUp.amountHint')} onChange={(value) => send({ type: 'field.change', field: 'amount', value })} errors={fieldTexts(snapshot, 'amount')}
        />
        <div role="group" aria-label={t('topUp.quickAmounts')} className="flex flex-wrap gap-2">
          {QUICK_AMOUNTS.map((a) => (
            <button key={a} type="button" aria-pressed={draft.amount === a} className={`${secondaryButton} aria-pressed:border-blue-700 aria-pressed:bg-blue-50`}
              onClick={() => send({ type: 'field.change', field: 'amount', value: a })}>${a}</button>
          ))}
        </div>
      </div>
      <p className="text-xs text-slate-600">{t('topUp.noRefund')}</p>
      <button type="submit" className={primaryButton} disabled={busy}>{t('topUp.next')}</button>
    </form>
  );
}
