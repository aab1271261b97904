/** The company pages' tabs: about us, contact us, become a dealer (a module without form parts, so the intro loads no form words). */
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../src/app/forScreens';

const TABS = [
  { to: '/aboutUs/companyIntro', label: 'nav.intro' },
  { to: '/aboutUs/contactUs', label: 'nav.contact' },
  { to: '/agent', label: 'nav.agent' },
] as const;

export function CompanyTabs({ current }: { current: (typeof TABS)[number]['to'] }) {
  const { t } = useTranslation('company');
  return (
    <nav aria-label={t('nav.label')} className="mb-6">
      <ul className="flex flex-wrap gap-2 text-sm">
        {TABS.map((tab) => (
          <li key={tab.to}>
            <AppLink to={tab.to} aria-current={tab.to === current ? 'page' : undefined}
              className={`inline-block rounded-full px-4 py-1.5 font-semibold ring-1 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 ${tab.to === current ? 'bg-blue-700 text-white ring-blue-700' : 'bg-white text-blue-800 ring-slate-300 hover:ring-blue-600'}`}>
              {t(tab.label)}
            </AppLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
