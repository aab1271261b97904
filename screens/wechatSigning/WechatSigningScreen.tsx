/**
 * /wechat-signing (spec section 2; issue 18 section 3; decision 0046): the WeChat Pay agreement. A visitor reads what it
 * is and logs in; a customer signs it at WeChat Pay, comes back here (`?agreement=`) to the result, sees and cancels it,
 * and tops up under it without scanning. It never pays an auto-renewal (spec section 4: "card or balance").
 */
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { AppLink, useSession, wechatSigningApi } from '../../src/app/forScreens';
import type { AgreementView } from '../../src/contract/wechatSigning';
import { linkClass, Notice } from '../ui/fields';
import { problemText, useText, type ProblemLike, type Text } from '../ui/text';
import { AgreementCard } from './AgreementCard';
import { QuickTopUp } from './QuickTopUp';
import { agreementDisplay, returnedNotice } from './wechatSigning.connect';

const CALLS = { topUp: wechatSigningApi.topUp, pay: wechatSigningApi.pay };

export default function WechatSigningScreen() {
  const { t } = useTranslation('wechatSigning');
  const text = useText();
  const session = useSession();
  const [params] = useSearchParams();
  const returned = params.get('agreement');
  const [view, setView] = useState<AgreementView | null>(null);
  const [problem, setProblem] = useState<Text | null>(null);
  const [cancelled, setCancelled] = useState(false);
  const [busy, setBusy] = useState(false);
  const load = useCallback(() => {
    if (!session.loggedIn) return;
    wechatSigningApi.info(returned).then((v) => { setView(v); setProblem(null); }, (e: ProblemLike) => setProblem(problemText(e)));
  }, [session.loggedIn, returned]);
  useEffect(load, [load]);

  const sign = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const next = await wechatSigningApi.sign();
      setView(next);
      // To WeChat Pay's signing page; it brings the customer back here.
      if (next.agreement?.state === 'signing' && next.agreement.signUrl) window.location.assign(next.agreement.signUrl);
    } catch (e) { setProblem(problemText(e as ProblemLike)); } finally { setBusy(false); }
  };
  const cancel = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const next = await wechatSigningApi.cancel();
      setView(next);
      setCancelled(next.agreement?.state === 'terminated' && next.agreement.endReason === 'customer');
    } catch (e) { setProblem(problemText(e as ProblemLike)); load(); } finally { setBusy(false); }
  };
  const notice = returned && view && !cancelled ? returnedNotice(view.agreement) : null;
  return (
    <div className="bg-slate-50">
      <section aria-labelledby="wechat-signing-title" className="bg-gradient-to-br from-emerald-800 to-emerald-600 text-white">
        <div className="mx-auto max-w-4xl px-4 py-12">
          <h1 id="wechat-signing-title" className="text-3xl font-bold sm:text-4xl">{t('title')}</h1>
          <p className="mt-3 max-w-2xl text-emerald-50">{t('intro')}</p>
        </div>
      </section>
      <div className="mx-auto grid max-w-4xl gap-6 px-4 py-10 md:grid-cols-[3fr_2fr]">
        <div className="space-y-6">
          {notice && <div role="status"><Notice tone={notice.tone}>{t(notice.key)}</Notice></div>}
          {cancelled && <div role="status"><Notice tone="success">{t('cancel.done')}</Notice></div>}
          {problem && <Notice tone="error">{text(problem)}</Notice>}
          {!session.loggedIn && (
            <p className="rounded-2xl bg-white p-6 text-slate-800 shadow-sm ring-1 ring-slate-200">
              {t('visitor')} <AppLink to="/login?redirect=%2Fwechat-signing" className={linkClass}>{t('login')}</AppLink>
            </p>
          )}
          {session.loggedIn && !view && !problem && <p className="text-slate-700" aria-busy="true">{t('loading')}</p>}
          {view && <AgreementCard view={view} busy={busy} onSign={() => void sign()} onCancel={() => void cancel()} />}
          {view && agreementDisplay(view.agreement).canTopUp && <QuickTopUp phone={view.phone} calls={CALLS} onAgreementChanged={load} />}
        </div>
        <aside aria-labelledby="agreement-rules" className="h-fit rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
          <h2 id="agreement-rules" className="text-lg font-semibold text-slate-900">{t('rules.title')}</h2>
          <ul className="mt-3 list-disc space-y-2 pl-5 text-sm text-slate-700">
            {(['only', 'sign', 'cancel', 'refund'] as const).map((k) => <li key={k}>{t(`rules.${k}`)}</li>)}
          </ul>
        </aside>
      </div>
    </div>
  );
}
