import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { useFindRoute } from '../routeLookup';
import { useSession } from '../session';
import { AppLink } from './AppLink';
import { portalItemsFor } from './navItems';

/**
 * The shared account layout (route flag hasCommon): the account's pages beside the page, only those that exist and
 * this customer may use (showAutonewSetBtn, isSmsUser), at the global pages' paths for a global data SIM customer.
 */
export function AccountLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation('layout');
  const { pathname } = useLocation();
  const { personal } = useSession();
  const find = useFindRoute();
  const items = portalItemsFor({
    global: personal?.global === true,
    isSmsUser: personal?.isSmsUser === 1 ? 1 : 0,
    showAutonewSetBtn: personal?.showAutonewSetBtn === 0 ? 0 : 1,
  }, find);
  return (
    <div className="mx-auto grid max-w-6xl grid-cols-1 gap-6 px-4 py-8 md:grid-cols-[14rem_1fr]">
      <nav aria-label={t('accountNav')} className="min-w-0 md:sticky md:top-4 md:self-start">
        <ul className="flex gap-1 overflow-x-auto md:flex-col">
          {items.map((item) => {
            const active = pathname === item.to;
            return (
              <li key={item.to} className="shrink-0">
                <AppLink
                  to={item.to}
                  aria-current={active ? 'page' : undefined}
                  className={`block rounded-md px-3 py-2 text-sm ${active ? 'bg-blue-50 font-semibold text-blue-800' : 'text-slate-700 hover:bg-white'}`}
                >
                  {t(item.label)}
                </AppLink>
              </li>
            );
          })}
        </ul>
      </nav>
      <div className="min-w-0">{children}</div>
    </div>
  );
}
