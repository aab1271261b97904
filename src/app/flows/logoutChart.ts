/**
 * The logout chart running for the header's button (src/app/flows/logout.tsx), with its actors and actions provided:
 * a module of its own, fetched on the first press, so a visitor's header carries no XState (decision 0023).
 */
import { createActor, fromCallback, fromPromise } from 'xstate';
import { call } from '../../api/client';
import { exit } from '../../contract/auth';
import { logoutMachine, type LogoutEvent } from '../../../machines/logout.machine';
import { confirmDialog, showDialog, showToast } from '../feedback';
import { clearSession } from '../session';
import { errorText } from './errorText';

export interface LogoutHost {
  /** Read when used, so a language switched meanwhile is the one shown. */
  t(key: string): string;
  navigate(to: string): void;
}

export type LogoutPhase = 'idle' | 'busy' | 'exiting' | 'done';

export interface LogoutRun {
  send(event: LogoutEvent): void;
  stop(): void;
}

export function startLogout(host: () => LogoutHost, onPhase: (phase: LogoutPhase) => void): LogoutRun {
  const actor = createActor(logoutMachine.provide({
    actors: {
      askConfirmation: fromCallback<LogoutEvent>(({ sendBack }) => {
        let open = true;
        const { t } = host();
        void confirmDialog({
          title: t('logout.confirmTitle'),
          message: t('logout.confirmMessage'),
          confirmLabel: t('logout.confirm'),
          cancelLabel: t('logout.cancel'),
        }).then((ok) => { if (open) sendBack({ type: ok ? 'logout.confirm' : 'logout.cancel' }); });
        return () => { open = false; };
      }),
      exit: fromPromise(() => call(exit, { silent: true })),
    },
    actions: {
      clearSession: () => clearSession(),
      showMessage: () => showToast(host().t('logout.done')),
      goHome: () => { host().navigate('/'); },
      showError: ({ context }) => showDialog({ message: errorText(context.error, host().t) }),
    },
  }));
  actor.subscribe((snapshot) => {
    onPhase(snapshot.status === 'done' ? 'done' : snapshot.matches('idle') ? 'idle' : snapshot.matches('exiting') ? 'exiting' : 'busy');
  });
  actor.start();
  return { send: (event) => actor.send(event), stop: () => actor.stop() };
}
