/**
 * The layout route of the top-up (spec section 2: /personal/pay/changeAccount, /personal/pay/confirmPay,
 * /personal/pay/payStatus/{orderNo}): it owns the top-up actor so the flow survives its URLs, makes the URL follow the
 * chart (a deep link to a step not reached goes to the step reached), and shows the 120087 dialog before going home.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { flowClock, inspectFlow, refreshPersonalData, showDialog, topUpFlow, useSession } from '../../src/app/forScreens';
import { urlFor } from './topUp.connect';
import { TopUpActorContext } from './useTopUp';

const STATUS = /^\/personal\/pay\/payStatus\/([^/]+)$/;

const PERSONAL_WAIT_MS = 5000;

/**
 * The form starts with the customer's own number. A tab opened on this page (a link, a bookmark) has the session but
 * not yet the customer's data, which each tab loads for itself: the flow starts once it is here, or once asking for it
 * has failed (the form then starts empty, as for a friend's number).
 */
export default function TopUpLayout() {
  const { t } = useTranslation('portalMoney');
  const { personal } = useSession();
  const [asked, setAsked] = useState(false);
  useEffect(() => {
    if (personal || asked) return undefined;
    let live = true;
    const done = () => { if (live) setAsked(true); };
    void refreshPersonalData().finally(done);
    // A gateway that does not answer does not hold the form: after a few seconds it starts empty.
    const giveUp = setTimeout(done, PERSONAL_WAIT_MS);
    return () => { live = false; clearTimeout(giveUp); };
  }, [personal, asked]);
  if (!personal && !asked) {
    return <div className="mx-auto max-w-2xl px-4 py-10"><p role="status" className="text-sm text-slate-700">{t('topUp.loading')}</p></div>;
  }
  return <TopUpFlow defaultPhone={personal?.msisdn ?? ''} />;
}

function TopUpFlow({ defaultPhone }: { defaultPhone: string }) {
  const { t } = useTranslation('errors');
  const location = useLocation();
  const navigate = useNavigate();
  const opened = useRef(false);
  const actor = useActorRef(topUpFlow, {
    input: { defaultPhone },
    inspect: inspectFlow,
    ...(flowClock.current ? { clock: flowClock.current } : {}),
  });
  const snapshot = useSelector(actor, (s) => s);

  useEffect(() => {
    if (opened.current) return;
    opened.current = true;
    const status = STATUS.exec(location.pathname);
    actor.send({ type: 'topUp.open', entry: status ? { kind: 'status', orderNo: decodeURIComponent(status[1]!) } : { kind: 'form' } });
  }, [actor, location.pathname]);

  const wanted = urlFor(snapshot);
  useEffect(() => {
    if (wanted && location.pathname !== wanted) navigate(wanted, { replace: true });
  }, [wanted, location.pathname, navigate]);

  const expired = snapshot.matches('expired');
  const expiryShown = useRef(false);
  useEffect(() => {
    if (!expired || expiryShown.current) return;
    expiryShown.current = true;
    showDialog({ message: t('code.120087'), onConfirm: () => navigate('/') });
  }, [expired, navigate, t]);

  return (
    <TopUpActorContext.Provider value={actor}>
      <div className="mx-auto max-w-2xl px-4 py-10" data-testid="top-up" data-state={JSON.stringify(snapshot.value)}>
        <Outlet />
      </div>
    </TopUpActorContext.Provider>
  );
}
