/**
 * The layout route of the activation wizard (/activation/first, /second, /secondOffline, /third, /global/second,
 * /global/third): it owns the activation actor, makes the URL follow the chart (a deep link to a step not reached goes
 * back to the step reached), and keeps the resume point for a reload at stable states only.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { activationFlow, persistActivation, readActivationResume, flowClock, inspectFlow, isLoggedIn, useHydrated } from '../../src/app/forScreens';
import { primaryButton, secondaryButton } from '../ui/fields';
import { useText } from '../ui/text';
import { ACTIVATION_PATHS, problemMessage, stepOf, urlFor } from './activation.connect';
import { StepIndicator } from './parts';
import { ActivationActorContext } from './useActivation';

export default function ActivationLayout() {
  const { t } = useTranslation('activation');
  const text = useText();
  const location = useLocation();
  const navigate = useNavigate();
  const opened = useRef(false);
  const actor = useActorRef(activationFlow, {
    input: { loggedIn: isLoggedIn() }, inspect: inspectFlow,
    ...(flowClock.current ? { clock: flowClock.current } : {}),
  });
  const snapshot = useSelector(actor, (s) => s);

  useEffect(() => {
    if (opened.current) return;
    opened.current = true;
    actor.send({ type: 'activation.open', resume: readActivationResume() });
  }, [actor]);

  useEffect(() => { persistActivation(snapshot); }, [snapshot]);

  const wanted = urlFor(snapshot);
  useEffect(() => {
    if (wanted && location.pathname.replace(/\/+$/, '') !== wanted) navigate(wanted, { replace: true });
  }, [wanted, location.pathname, navigate]);

  const step = stepOf(snapshot);
  const path = location.pathname.replace(/\/+$/, '');
  const here = wanted !== null && path === wanted;
  // Step 1 is served as HTML before any script runs (decision 0022): until the chart has read what this tab left
  // behind, /activation/first shows the empty step-1 form the server rendered (and hydration renders it again), unless
  // this tab has something to resume (its step shows once it is read again).
  const hydrated = useHydrated();
  const opening = snapshot.matches('opening') && path === ACTIVATION_PATHS.first && (!hydrated || readActivationResume() === null);
  const unavailable = snapshot.matches('unavailable');

  return (
    <ActivationActorContext.Provider value={actor}>
      <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-12" data-testid="activation" data-state={JSON.stringify(snapshot.value)}>
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{t('title')}</h1>
        {/* Choosing a plan for a card without one belongs to step 1 (spec section 4: "ICCID and code, then plan, pay, done"). */}
        <StepIndicator step={step === 'third' ? 3 : step === 'second' ? 2 : 1} />
        <div className="mt-6">
          {unavailable ? (
            <div role="alert" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
              <p className="text-base text-slate-900">{t('unavailable.body')}</p>
              {snapshot.context.problem && <p className="mt-1 text-sm text-slate-700">{text(problemMessage(snapshot.context.problem))}</p>}
              <div className="mt-4 flex flex-wrap gap-3">
                <button type="button" className={`${primaryButton} sm:w-auto`} onClick={() => actor.send({ type: 'card.retry' })}>{t('unavailable.retry')}</button>
                <button type="button" className={secondaryButton} onClick={() => actor.send({ type: 'sim.forget' })}>{t('unavailable.startOver')}</button>
              </div>
            </div>
          ) : (here && step) || opening ? <Outlet /> : (
            <p role="status" className="flex items-center gap-3 text-slate-700">
              <span className="h-5 w-5 animate-spin rounded-full border-2 border-blue-200 border-t-blue-700" aria-hidden="true" />
              {t('loading')}
            </p>
          )}
        </div>
      </div>
    </ActivationActorContext.Provider>
  );
}
