/**
 * The header's logout button: runs the `logout` chart (spec section 4: "confirm, then call the exit endpoint.
 * On code '200' clear token and user data, show the message, go home; otherwise show an error message").
 */
import { useMachine } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { fromCallback, fromPromise } from 'xstate';
import { call, toApiError } from '../../api/client';
import { endpoints } from '../../contract';
import { errorMessageKey, httpMessageKey } from '../../contract/errors';
import { logoutMachine, type LogoutEvent } from '../../../machines/logout.machine';
import { confirmDialog, showDialog, showToast } from '../feedback';
import { clearSession } from '../session';

/** The gateway's message when it gave one, else the catalogue's words for the code or HTTP status. */
export const errorText = (error: unknown, t: (key: string) => string): string => {
  const e = toApiError(error);
  if (e.message) return e.message;
  return e.code === 'http' ? t(`errors:${httpMessageKey(e.status || 500)}`) : t(`errors:${errorMessageKey(e.code)}`);
};

export function LogoutButton(props: { className?: string }) {
  const { t } = useTranslation('login');
  const navigate = useNavigate();
  const [snapshot, send] = useMachine(logoutMachine.provide({
    actors: {
      askConfirmation: fromCallback<LogoutEvent>(({ sendBack }) => {
        let open = true;
        void confirmDialog({
          title: t('logout.confirmTitle'),
          message: t('logout.confirmMessage'),
          confirmLabel: t('logout.confirm'),
          cancelLabel: t('logout.cancel'),
        }).then((ok) => { if (open) sendBack({ type: ok ? 'logout.confirm' : 'logout.cancel' }); });
        return () => { open = false; };
      }),
      exit: fromPromise(() => call(endpoints.exit, { silent: true })),
    },
    actions: {
      clearSession: () => clearSession(),
      showMessage: () => showToast(t('logout.done')),
      goHome: () => { void navigate('/'); },
      showError: ({ context }) => showDialog({ message: errorText(context.error, t) }),
    },
  }));
  const busy = !snapshot.matches('idle');
  return (
    <button type="button" className={props.className} disabled={busy} aria-busy={snapshot.matches('exiting')} onClick={() => send({ type: 'logout.request' })}>
      {t('logout.button')}
    </button>
  );
}
