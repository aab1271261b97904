import { useTranslation } from 'react-i18next';
import { formatPhone } from '../../domain/phone';
import { useHydrated } from '../useHydrated';
import { greetingFor } from './navItems';

/**
 * "Good morning, (626) 555-0100": the time of day by the browser's local hour. The server's HTML (decision 0022) knows
 * neither, so the greeting fills in once the page is hydrated; it stands first in a right-aligned row, so nothing
 * beside it moves.
 */
export function Greeting({ msisdn, now }: { msisdn: string | null; now?: Date }) {
  const { t } = useTranslation('layout');
  const hydrated = useHydrated();
  const key = greetingFor((now ?? new Date()).getHours());
  return (
    <span className="text-sm text-slate-700" data-testid="greeting">
      {!hydrated && !now ? null : msisdn ? t(`header.greeting.${key}`, { phone: formatPhone(msisdn) }) : t(`header.greetingNoPhone.${key}`)}
    </span>
  );
}
