/**
 * The header's logout button: runs the `logout` chart (spec section 4: "confirm, then call the exit endpoint.
 * On code '200' clear token and user data, show the message, go home; otherwise show an error message").
 * The chart and XState come on the first press (logoutChart.ts, decision 0023): the header of every page has this
 * button, and most visits never press it.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { showDialog } from '../feedback';
import { errorText } from './errorText';
import type { LogoutHost, LogoutPhase, LogoutRun } from './logoutChart';

export function LogoutButton(props: { className?: string }) {
  const { t } = useTranslation('login');
  const navigate = useNavigate();
  const host = useRef<LogoutHost>({ t, navigate: (to) => { void navigate(to); } });
  host.current = { t, navigate: (to) => { void navigate(to); } };
  const run = useRef<LogoutRun | null>(null);
  const [phase, setPhase] = useState<LogoutPhase | 'loading'>('idle');
  useEffect(() => () => { run.current?.stop(); run.current = null; }, []);

  const request = async () => {
    if (!run.current) {
      setPhase('loading');
      try {
        const { startLogout } = await import('./logoutChart');
        run.current = startLogout(() => host.current, (next) => {
          setPhase(next);
          if (next === 'done') run.current = null;
        });
      } catch (error) {
        // The chart could not be fetched (offline): the exit call could not have been made either.
        setPhase('idle');
        showDialog({ message: errorText(error, host.current.t) });
        return;
      }
    }
    run.current.send({ type: 'logout.request' });
  };

  return (
    <button type="button" className={props.className} disabled={phase !== 'idle'} aria-busy={phase === 'exiting' || phase === 'loading'} onClick={() => { void request(); }}>
      {t('logout.button')}
    </button>
  );
}
