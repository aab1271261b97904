/**
 * The layout route of number keeping's three pages (spec section 2: /personal/protect, /payment, /result/{orderNo}):
 * it owns the protectPage chart's actor so the flow survives its URLs, makes the URL follow the chart, and shows the
 * 120087 dialog before going home.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { flowClock, inspectFlow, protectFlow, showDialog } from '../../src/app/forScreens';
import { entryFor, urlFor } from './protect.connect';
import { ProtectActorContext } from './useProtect';

export default function ProtectLayout() {
  const { t } = useTranslation('errors');
  const location = useLocation();
  const navigate = useNavigate();
  const opened = useRef(false);
  const actor = useActorRef(protectFlow, { inspect: inspectFlow, ...(flowClock.current ? { clock: flowClock.current } : {}) });
  const snapshot = useSelector(actor, (s) => s);

  useEffect(() => {
    if (opened.current) return;
    opened.current = true;
    actor.send({ type: 'protect.open', entry: entryFor(location.pathname, new URLSearchParams(location.search)) });
  }, [actor, location.pathname, location.search]);

  const wanted = urlFor(snapshot);
  useEffect(() => {
    if (wanted && `${location.pathname}${location.search}` !== wanted) navigate(wanted, { replace: true });
  }, [wanted, location.pathname, location.search, navigate]);

  const expired = snapshot.matches('expired');
  const expiryShown = useRef(false);
  useEffect(() => {
    if (!expired || expiryShown.current) return;
    expiryShown.current = true;
    showDialog({ message: t('code.120087'), onConfirm: () => navigate('/') });
  }, [expired, navigate, t]);

  return (
    <ProtectActorContext.Provider value={actor}>
      <div className="mx-auto max-w-3xl px-4 py-10" data-testid="protect" data-state={JSON.stringify(snapshot.value)} data-keeping={snapshot.context.data?.state ?? ''}>
        <Outlet />
      </div>
    </ProtectActorContext.Provider>
  );
}
