/**
 * /personal: the customer's activations and number transfers (activationMine), each followed by the activation chart
 * from its step 3 (asked again while it runs), with the port-in correction in place when the carrier needs information.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ACTIVATION_RESUME_VERSION } from '../../machines/activation.machine';
import type { ActivationView } from '../../src/contract/activation';
import { activationFlow, inspectFlow } from '../../src/app/forScreens';
import { ActivationStatus, connectThird, describeActivation } from '../activation';

function ActivationItem({ activation }: { activation: ActivationView }) {
  const actor = useActorRef(activationFlow, { input: { loggedIn: true }, inspect: inspectFlow });
  const snapshot = useSelector(actor, (s) => s);
  useEffect(() => {
    actor.send({ type: 'activation.open', resume: { version: ACTIVATION_RESUME_VERSION, activationToken: null, activationId: activation.activationId, collected: '', draft: null } });
  }, [actor, activation.activationId]);
  const view = connectThird(snapshot, actor.send);
  // Until the chart has read it, the page shows what the account page loaded.
  const shown = view.activation ? view : { ...view, activation, summary: describeActivation(activation) };
  return (
    <li className="border-t border-slate-200 pt-4 first:border-t-0 first:pt-0" data-testid="personal-activation" data-state={JSON.stringify(snapshot.value)}>
      <ActivationStatus view={shown} headingLevel={3} />
    </li>
  );
}

export function ActivationsCard({ activations }: { activations: ActivationView[] | null | undefined }) {
  const { t } = useTranslation('activation');
  if (activations === undefined || (activations !== null && activations.length === 0)) return null;
  return (
    <section aria-labelledby="activations-title" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <h2 id="activations-title" className="text-base font-semibold text-slate-900">{t('personalCard.title')}</h2>
      {activations === null ? (
        <p role="status" className="mt-3 text-sm text-slate-700">{t('personalCard.failed')}</p>
      ) : (
        <ul className="mt-3 space-y-4">
          {activations.slice(0, 3).map((a) => <ActivationItem key={a.activationId} activation={a} />)}
        </ul>
      )}
    </section>
  );
}
