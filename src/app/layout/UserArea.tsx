/** The header's own navigation state and the login link or greeting with logout, shared by the bar and the drawer. */
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { LogoutButton } from '../flows/logout';
import { loginPath } from '../navigation';
import { useSession } from '../session';
import { useStored } from '../useStored';
import { AppLink } from './AppLink';
import { Greeting } from './Greeting';

export function useNavState() {
  const { pathname, search } = useLocation();
  const titleActive = useStored('titleActive');
  return { pathname, here: `${pathname}${search}`, titleActive };
}

export function UserArea({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation('layout');
  const { loggedIn, personal } = useSession();
  const { here } = useNavState();
  if (!loggedIn) {
    return (
      <AppLink to={here === '/' ? '/login' : loginPath(here)} className="rounded-md px-2 py-1 text-sm font-medium text-blue-800 hover:underline">
        {t('header.login')}
      </AppLink>
    );
  }
  return (
    <div className={`flex items-center gap-3 ${compact ? 'flex-col items-start' : ''}`}>
      <Greeting msisdn={personal?.msisdn ?? null} />
      <LogoutButton className="rounded-md px-2 py-1 text-sm font-medium text-slate-700 underline-offset-4 hover:underline" />
    </div>
  );
}

