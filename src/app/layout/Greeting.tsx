import { useTranslation } from 'react-i18next';
import { formatPhone } from '../../domain/phone';
import { greetingFor } from './navItems';

/** "Good morning, (626) 555-0100": the time of day by the browser's local hour. */
export function Greeting({ msisdn, now = new Date() }: { msisdn: string | null; now?: Date }) {
  const { t } = useTranslation('layout');
  const key = greetingFor(now.getHours());
  return (
    <span className="text-sm text-slate-700" data-testid="greeting">
      {msisdn ? t(`header.greeting.${key}`, { phone: formatPhone(msisdn) }) : t(`header.greetingNoPhone.${key}`)}
    </span>
  );
}
