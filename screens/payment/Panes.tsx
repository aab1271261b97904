/** The four ways to pay of spec section 3, one pane each: General account balance, saved card, new card, WeChat Pay. */
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../i18n';
import { cardFormSlot } from '../../src/app/forScreens';
import { CheckboxField, Notice, TextInput, linkClass, primaryButton, secondaryButton } from '../ui/fields';
import type { PaymentView } from './payment.connect';
import { QrCode } from '../ui/QrCode';
import { useNow } from './useNow';
import { brandNameKey } from '../../src/domain/card';

/** A card network as the reader writes it ("Visa", 银联), not as the provider spells it ("visa", "unionpay"). */
const savedBrandKey = (brand: string) => `saved.brand.${brandNameKey(brand)}`;

function PayButton({ view, label }: { view: PaymentView; label?: string }) {
  const { t, i18n } = useTranslation('payment');
  const amount = formatMoney(view.amountCents, i18n.language);
  const working = view.step === 'paying' || view.step === 'tokenizing';
  return (
    <button type="button" className={primaryButton} disabled={view.busy || view.step === 'loading'} onClick={view.pay}>
      {working ? t('pay.working') : label ?? t('pay.button', { amount })}
    </button>
  );
}

/** "We did not hear back": the same attempt is asked again, with its key, so it cannot charge twice. */
export function Interrupted({ view }: { view: PaymentView }) {
  const { t } = useTranslation('payment');
  return (
    <div className="space-y-3">
      <Notice tone="warning">{t('pay.interrupted')}</Notice>
      <button type="button" className={primaryButton} onClick={view.retry}>{t('pay.retry')}</button>
    </div>
  );
}

function Unavailable({ view, message }: { view: PaymentView; message: string }) {
  const { t } = useTranslation('payment');
  return (
    <div className="space-y-3">
      <Notice tone="warning">{message}</Notice>
      <button type="button" className={secondaryButton} onClick={view.retryLoad}>{t('pay.tryAgain')}</button>
    </div>
  );
}

export function BalancePane({ view }: { view: PaymentView }) {
  const { t, i18n } = useTranslation('payment');
  if (view.step === 'interrupted') return <Interrupted view={view} />;
  if (view.step === 'unavailable') return <Unavailable view={view} message={t('balance.unavailable')} />;
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-800" aria-live="polite">
        {view.balanceCents === null ? t('balance.loading') : t('balance.available', { amount: formatMoney(view.balanceCents, i18n.language) })}
      </p>
      {view.balanceShort && <Notice tone="warning">{t('balance.short')}</Notice>}
      <PayButton view={view} />
    </div>
  );
}

export function SavedCardPane({ view }: { view: PaymentView }) {
  const { t } = useTranslation('payment');
  if (view.step === 'interrupted') return <Interrupted view={view} />;
  if (view.step === 'unavailable') return <Unavailable view={view} message={t('saved.unavailable')} />;
  if (view.step === 'loading') return <p className="text-sm text-slate-700" role="status">{t('saved.loading')}</p>;
  if (view.step === 'noCards') {
    return (
      <div className="space-y-3">
        <p className="text-sm text-slate-800">{t('saved.none')}</p>
        {view.methods.includes('bank_card') && <button type="button" className={secondaryButton} onClick={() => view.chooseMethod('bank_card')}>{t('saved.useNew')}</button>}
      </div>
    );
  }
  return (
    <div className="space-y-3">
      <fieldset disabled={view.busy}>
        <legend className="text-sm font-medium text-slate-800">{t('saved.legend')}</legend>
        <div className="mt-2 space-y-2">
          {view.cards.map((card) => (
            <label key={card.id} className={`flex cursor-pointer items-center gap-3 rounded-xl border px-3 py-2 text-sm ${view.cardId === card.id ? 'border-blue-700 bg-blue-50' : 'border-slate-300 bg-white'}`}>
              <input type="radio" name="savedCard" checked={view.cardId === card.id} onChange={() => view.selectCard(card.id)} className="h-4 w-4 accent-blue-700" />
              <span className="flex-1">
                <span className="font-semibold text-slate-900">{t('saved.card', { brand: t(savedBrandKey(card.brand)), last4: card.last4 })}</span>
                <span className="block text-xs text-slate-700">{t('saved.expires', { month: String(card.expMonth).padStart(2, '0'), year: String(card.expYear).slice(-2) })}</span>
              </span>
              {card.isDefault && <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-800">{t('saved.default')}</span>}
            </label>
          ))}
        </div>
      </fieldset>
      <PayButton view={view} />
    </div>
  );
}

export function NewCardPane({ view, billingZip }: { view: PaymentView; billingZip: string | null }) {
  const { t } = useTranslation('payment');
  return (
    <div className="space-y-4">
      {view.step === 'unavailable' ? (
        <Unavailable view={view} message={t('card.unavailable')} />
      ) : (
        <div>
          <p className="text-sm font-medium text-slate-800">{t('card.details')}</p>
          {billingZip && <p className="mt-1 text-sm text-slate-700">{t('card.zipHint', { zip: billingZip })}</p>}
          {view.step === 'loading' && <p className="mt-1 text-sm text-slate-700" role="status">{t('card.loading')}</p>}
          {/* The provider's iframe goes here; React renders nothing inside so it never touches the provider's form. */}
          <div ref={cardFormSlot.attach} data-testid="card-form" className="mt-1 min-h-[3rem]" />
          {view.cardErrors.length > 0 && (
            <ul role="alert" className="mt-2 space-y-0.5 text-sm text-rose-700">{view.cardErrors.map((m, i) => <li key={i}>{m}</li>)}</ul>
          )}
        </div>
      )}
      <TextInput field="cardholderName" label={t('card.holder')} value={view.cardholderName} autoComplete="cc-name" lang="en"
        hint={t('card.holderHint')} onChange={view.setCardholderName} errors={view.cardholderErrors} />
      {view.loggedIn && (
        <CheckboxField field="saveCard" checked={view.saveCard} onChange={view.setSaveCard} errors={[]}>{t('card.save')}</CheckboxField>
      )}
      {view.step === 'interrupted' ? <Interrupted view={view} /> : <PayButton view={view} />}
    </div>
  );
}

/** The sandbox phone opens in the customer's language, as their own phone would show it. */
const inLanguage = (url: string, lang: string) => {
  const u = new URL(url);
  u.searchParams.set('lang', lang);
  return u.toString();
};

export function WechatPane({ view }: { view: PaymentView }) {
  const { t, i18n } = useTranslation('payment');
  const showing = view.step === 'awaitingScan' && view.wechat !== null;
  const now = useNow(showing);
  if (view.step === 'interrupted') return <Interrupted view={view} />;
  if (showing && view.wechat) {
    const left = Math.max(0, Math.ceil((Date.parse(view.wechat.expiresAt) - now) / 1000));
    const clock = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')}`;
    return (
      <div className="flex flex-col items-center gap-3 text-center">
        <QrCode text={view.wechat.codeUrl} alt={t('wechat.qrAlt')} size={216} />
        <p className="text-sm text-slate-800">{t('wechat.scan')}</p>
        <p className="text-sm font-medium text-slate-900">{t('wechat.expiresIn', { time: clock })}</p>
        <p className="text-sm text-slate-700" role="status" aria-live="polite">{t('wechat.waiting')}</p>
        {view.wechat.sandboxPhoneUrl && (
          <a href={inLanguage(view.wechat.sandboxPhoneUrl, i18n.language)} target="_blank" rel="noopener" className={linkClass}>{t('wechat.sandboxPhone')}</a>
        )}
      </div>
    );
  }
  return (
    <div className="space-y-3">
      {view.step === 'codeExpired' && <Notice tone="warning">{t('wechat.expired')}</Notice>}
      <p className="text-sm text-slate-800">{t('wechat.intro')}</p>
      <PayButton view={view} label={t(view.step === 'codeExpired' ? 'wechat.newCode' : 'wechat.showCode')} />
    </div>
  );
}
