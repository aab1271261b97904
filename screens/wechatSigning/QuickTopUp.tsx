/**
 * A top-up paid under the signed agreement (decision 0046): account, number and amount checked by the gateway's own
 * schema, then the top-up is made and paid at once. Each submission has its keys, so a retry is the same top-up and the
 * same deduction; nothing typed is lost when the gateway refuses.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../i18n';
import { AppLink } from '../../src/app/forScreens';
import { topUpForm, type TopUpAccount } from '../../src/contract/money';
import type { PaymentResult } from '../../src/contract/payments';
import { formatPhone } from '../../src/domain/phone';
import { ChoiceGroup, linkClass, Notice, primaryButton, TextInput } from '../ui/fields';
import { problemText, useText, type ProblemLike, type Text } from '../ui/text';

type Field = 'account' | 'phone' | 'amount';
interface Done { orderNo: string; result: PaymentResult; account: TopUpAccount; phone: string }

export interface QuickTopUpCalls {
  topUp(body: { account: TopUpAccount; phone: string; amount: number }, key: string): Promise<{ orderNo: string; phone: string }>;
  pay(orderNo: string, key: string): Promise<PaymentResult>;
}

const newKey = () => crypto.randomUUID();

export function QuickTopUp(props: { phone: string | null; calls: QuickTopUpCalls; onAgreementChanged: () => void }) {
  const { t, i18n } = useTranslation(['wechatSigning', 'portalMoney']);
  const text = useText();
  const [draft, setDraft] = useState<{ account: TopUpAccount; phone: string; amount: string }>({ account: 'general', phone: props.phone ?? '', amount: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, Text[]>>>({});
  const [problem, setProblem] = useState<Text | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<Done | null>(null);
  const [keys, setKeys] = useState(() => ({ topUp: newKey(), pay: newKey() }));
  const change = (field: Field, value: string) => {
    setDraft((d) => ({ ...d, [field]: value }));
    setErrors((e) => ({ ...e, [field]: [] }));
    // Another submission: new keys, so it is a new top-up.
    setKeys({ topUp: newKey(), pay: newKey() });
  };
  const submit = async () => {
    setProblem(null);
    setDone(null);
    const body = { account: draft.account, phone: draft.phone, amount: /^\d+$/.test(draft.amount.trim()) ? Number(draft.amount.trim()) : Number.NaN };
    const parsed = topUpForm.safeParse(body);
    if (!parsed.success) {
      const next: Partial<Record<Field, Text[]>> = {};
      for (const issue of parsed.error.issues) (next[issue.path[0] as Field] ??= []).push({ key: issue.message });
      setErrors(next);
      return;
    }
    setBusy(true);
    try {
      const created = await props.calls.topUp(body, keys.topUp);
      const result = await props.calls.pay(created.orderNo, keys.pay);
      setDone({ orderNo: created.orderNo, result, account: draft.account, phone: created.phone });
      if (result.status !== 'pending') setKeys({ topUp: newKey(), pay: newKey() });
    } catch (e) {
      const p = e as ProblemLike & { data?: { field?: string } };
      const field = p.data?.field as Field | undefined;
      if (p.code === 'validation' && field && field in draft) setErrors((prev) => ({ ...prev, [field]: [problemText(p)] }));
      else setProblem(problemText(p));
      if (p.code === 'agreementEnded' || p.code === 'agreementNotSigned') props.onAgreementChanged();
    } finally {
      setBusy(false);
    }
  };
  return (
    <section aria-labelledby="quick-top-up" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <h2 id="quick-top-up" className="text-xl font-semibold text-slate-900">{t('topUp.title')}</h2>
      <p className="mt-2 text-sm text-slate-700">{t('topUp.intro')}</p>
      <form noValidate className="mt-4 space-y-5" onSubmit={(e) => { e.preventDefault(); void submit(); }}>
        <ChoiceGroup<TopUpAccount>
          field="account" legend={t('portalMoney:topUp.accountLabel')} value={draft.account}
          options={(['general', 'ild'] as const).map((a) => ({ value: a, label: t(`portalMoney:account.${a}`), detail: t(`portalMoney:accountHint.${a}`) }))}
          onChange={(value) => change('account', value)} errors={errors.account ?? []}
        />
        <TextInput field="phone" label={t('portalMoney:topUp.phoneLabel')} value={draft.phone} type="tel" inputMode="tel" autoComplete="tel-national" maxLength={32}
          hint={t('portalMoney:topUp.phoneHint')} onChange={(value) => change('phone', value)} errors={errors.phone ?? []} />
        <TextInput field="amount" label={t('portalMoney:topUp.amountLabel')} value={draft.amount} inputMode="numeric" maxLength={7}
          hint={t('portalMoney:topUp.amountHint')} onChange={(value) => change('amount', value)} errors={errors.amount ?? []} />
        {problem && <Notice tone="error">{text(problem)}</Notice>}
        {done && (
          <div role="status" data-testid="quick-top-up-result">
            <Notice tone={done.result.status === 'paid' ? 'success' : done.result.status === 'pending' ? 'info' : 'error'}>
              {done.result.status === 'paid'
                ? t('topUp.paid', { amount: formatMoney(done.result.amountCents, i18n.language), account: t(`portalMoney:account.${done.account}`), phone: formatPhone(done.phone) })
                : t(done.result.status === 'pending' ? 'topUp.pending' : 'topUp.failed')}
              {' '}<AppLink to={`/personal/pay/payStatus/${done.orderNo}`} className={linkClass}>{t('topUp.viewStatus')}</AppLink>
            </Notice>
          </div>
        )}
        <p className="text-xs text-slate-600">{t('portalMoney:topUp.noRefund')}</p>
        <button type="submit" className={primaryButton} disabled={busy}>{t('topUp.submit')}</button>
        <p className="text-sm"><AppLink to="/personal/pay/changeAccount" className={linkClass}>{t('topUp.otherWays')}</AppLink></p>
      </form>
    </section>
  );
}
