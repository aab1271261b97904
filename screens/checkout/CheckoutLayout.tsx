/**
 * The layout route of the checkout wizard (TEAM.md "Wizard layout routes"): it owns the checkout actor so the flow
 * survives its URLs (/plans/bundleForm, /plans/bundleResult/{orderNo}, /plans/bundleResultError), makes the URL
 * follow the chart (a deep link to a step not reached goes back to the step reached), keeps the resume point for
 * a reload, and shows the spec's 120087 dialog before going home.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { checkoutFlow, checkoutLinkCodes, flowClock, persistResume, purchaseSharer, readResume, openPurchase, inspectFlow, showDialog, isLoggedIn, withUrlCodes } from '../../src/app/forScreens';
import { getItem } from '../../src/storage';
import { activationCardOf, entryFromUrl, sameUrl, startedFromPath, urlFor } from './checkoutUrls';
import { CheckoutActorContext } from './useCheckout';

export default function CheckoutLayout() {
  const { t } = useTranslation('errors');
  const location = useLocation();
  const navigate = useNavigate();
  const opened = useRef(false);
  const sharePurchase = useRef<(purchaseId: string) => void>(() => undefined);
  const startedFrom = startedFromPath(location.pathname);
  // Activation's plan purchase is for the card step 1 proved (kept in this tab by the activation flow).
  const [activation] = useState(() => (startedFrom === 'activation' ? activationCardOf(getItem('activation/card')) : null));
  // What a campaign link brings (spec section 3 stored keys; decision 0045), read on the first render: the URL's own
  // codes (stored now, before the form reads them), else what an earlier link of this tab kept.
  const [linkCodes] = useState(() => checkoutLinkCodes(location.search));
  const actor = useActorRef(checkoutFlow, {
    input: {
      startedFrom, activation, loggedIn: isLoggedIn(), referralCode: getItem('plans/recommendCode'),
      // Prefilled, and sent with the order.
      linkCodes: linkCodes.codes,
    },
    inspect: inspectFlow,
    // An explicit `clock: undefined` would replace xstate's own timers: pass a clock only when a test set one.
    ...(flowClock.current ? { clock: flowClock.current } : {}),
  });
  const snapshot = useSelector(actor, (s) => s);

  useEffect(() => {
    if (opened.current) return;
    opened.current = true;
    // A reload resumes the draft, with the codes its URL names in place of the draft's.
    const resume = withUrlCodes(readResume(startedFrom), linkCodes.fromUrl);
    const shared = openPurchase();
    sharePurchase.current = purchaseSharer(resume?.purchaseId ?? shared);
    actor.send({ type: 'checkout.open', entry: entryFromUrl(location.pathname, location.search), resume, openPurchase: shared });
  }, [actor, linkCodes, location.pathname, location.search, startedFrom]);

  useEffect(() => {
    persistResume(snapshot);
    sharePurchase.current(snapshot.context.purchaseId);
  }, [snapshot]);

  const wanted = urlFor(snapshot);
  useEffect(() => {
    if (wanted && !sameUrl(location, wanted)) navigate(wanted, { replace: true });
  }, [wanted, location, navigate]);

  // One dialog per 120087: the effect runs again when the language changes, which must not queue a second one.
  const expired = snapshot.matches('paymentExpired');
  const expiryShown = useRef(false);
  useEffect(() => {
    if (!expired) { expiryShown.current = false; return; }
    if (expiryShown.current) return;
    expiryShown.current = true;
    showDialog({ message: t('code.120087'), onConfirm: () => navigate('/') });
  }, [expired, navigate, t]);

  // A plan for a card needs the card: without step 1 in this tab, activation starts there (a result link still shows its order).
  if (startedFrom === 'activation' && !activation && entryFromUrl(location.pathname, location.search).kind === 'form') {
    return <Navigate to="/activation/first" replace />;
  }
  return (
    <CheckoutActorContext.Provider value={actor}>
      <Outlet />
    </CheckoutActorContext.Provider>
  );
}
