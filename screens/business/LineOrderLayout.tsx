/**
 * The layout route of a line order (spec section 2: bundleChange, flowPacket, roamPack, each with list, form and
 * result pages; /global/renewalpackage, /form, /result): it owns the chart's actor so the flow survives its URLs, makes
 * the URL follow the chart, and shows the 120087 dialog before going home.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import type { LineOrderKind } from '../../src/contract/business';
import { flowClock, inspectFlow, lineOrderFlows, showDialog } from '../../src/app/forScreens';
import { entryFor, urlFor } from './lineOrder.connect';
import { LineOrderActorContext } from './useLineOrder';

export function LineOrderLayout({ kind }: { kind: LineOrderKind }) {
  const { t } = useTranslation('errors');
  const location = useLocation();
  const navigate = useNavigate();
  const opened = useRef(false);
  const actor = useActorRef(lineOrderFlows[kind], { inspect: inspectFlow, ...(flowClock.current ? { clock: flowClock.current } : {}) });
  const snapshot = useSelector(actor, (s) => s);

  useEffect(() => {
    if (opened.current) return;
    opened.current = true;
    actor.send({ type: 'lineOrder.open', entry: entryFor(kind, location.pathname, new URLSearchParams(location.search)) });
  }, [actor, kind, location.pathname, location.search]);

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
    <LineOrderActorContext.Provider value={actor}>
      <div className="mx-auto max-w-3xl px-4 py-10" data-testid="line-order" data-state={JSON.stringify(snapshot.value)}>
        <Outlet />
      </div>
    </LineOrderActorContext.Provider>
  );
}
