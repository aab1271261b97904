/**
 * /personal/pay/test (spec section 2: "and a test page"): the payment sandbox's test values, to try each outcome of a
 * top-up. Served only while the gateway's card provider is the sandbox (the route's loader sends anyone else to /404).
 */
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../src/app/forScreens';
import { buttonPrimary } from '../ui/Section';
import { SANDBOX_TEST_CARDS } from './sandboxCards';

export default function PayTestScreen() {
  const { t } = useTranslation('portalMoney');
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-10">
      <h1 className="text-2xl font-bold text-slate-900">{t('test.title')}</h1>
      <p className="text-sm text-slate-700">{t('test.intro')}</p>
      <div className="overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
        <table className="w-full text-left text-sm">
          <thead className="bg-slate-50 text-slate-800">
            <tr>
              <th scope="col" className="px-4 py-2">{t('test.card')}</th>
              <th scope="col" className="px-4 py-2">{t('test.cvv')}</th>
              <th scope="col" className="px-4 py-2">{t('test.zip')}</th>
              <th scope="col" className="px-4 py-2">{t('test.outcome')}</th>
            </tr>
          </thead>
          <tbody>
            {SANDBOX_TEST_CARDS.map((c) => (
              <tr key={`${c.number}-${c.cvv}-${c.postalCode}-${c.exp}`} className="border-t border-slate-200">
                <td className="px-4 py-2 font-mono" lang="en">{c.number} · {c.exp}</td>
                <td className="px-4 py-2 font-mono" lang="en">{c.cvv}</td>
                <td className="px-4 py-2 font-mono" lang="en">{c.postalCode ?? t('test.any')}</td>
                <td className="px-4 py-2">{t(`test.outcomes.${c.scenario}`)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="text-sm text-slate-700">{t('test.wechat')}</p>
      <AppLink to="/personal/pay/changeAccount" className={buttonPrimary}>{t('test.start')}</AppLink>
    </div>
  );
}
