/**
 * /personal/transition-page (decision 0027): the login-free landing of links from emails and payment returns. It
 * shows nothing of an account: it says where the link leads and sends the visitor on (an auto-renewal link keeps its
 * token, a payment return goes to its status, anything else to the account after login).
 */
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { AppLink } from '../../src/app/forScreens';
import { primaryButton } from '../ui/fields';

export default function TransitionScreen() {
  const { t } = useTranslation('portalPlan');
  const [params] = useSearchParams();
  const token = params.get('token');
  const orderNo = params.get('orderNo');
  const target = token
    ? `/personal/autosubscription/subscription?token=${encodeURIComponent(token)}`
    : orderNo && /^[A-Z0-9]{6,32}$/i.test(orderNo) ? `/personal/pay/payStatus/${encodeURIComponent(orderNo)}` : '/personal';
  const kind = token ? 'renewal' : orderNo ? 'payment' : 'account';
  return (
    <div className="mx-auto max-w-xl space-y-4 px-4 py-12 text-center" data-testid="transition-page">
      <h1 className="text-2xl font-bold text-slate-900">{t(`transition.${kind}.title`)}</h1>
      <p className="text-slate-700">{t(`transition.${kind}.body`)}</p>
      <AppLink to={target} className={`${primaryButton} sm:w-auto`}>{t(`transition.${kind}.go`)}</AppLink>
    </div>
  );
}
