import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useTranslation } from 'react-i18next';
import { useFindRoute } from '../routeLookup';
import { AppLink } from './AppLink';
import { ACCOUNT_ITEMS, SUPPORT_ITEMS, accountHref, existingItems, type NavItem } from './navItems';

const itemClass =
  'block rounded-md px-3 py-2 text-sm text-slate-800 outline-none data-[highlighted]:bg-blue-50 data-[highlighted]:text-blue-800';

function Menu({ label, items, href }: { label: string; items: NavItem[]; href: (to: string) => string }) {
  const { t } = useTranslation('layout');
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className="flex items-center gap-1 rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:text-blue-800 data-[state=open]:text-blue-800">
        {label}
        <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true"><path d="M2 4l4 4 4-4" stroke="currentColor" strokeWidth="1.5" fill="none" /></svg>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={6} className="z-50 min-w-52 rounded-lg border border-slate-200 bg-white p-1 shadow-lg">
          {items.map((item) => (
            <DropdownMenu.Item key={item.to} asChild>
              <AppLink to={href(item.to)} className={itemClass}>{t(item.label)}</AppLink>
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

export function SupportMenu() {
  const { t } = useTranslation('layout');
  return <Menu label={t('header.support')} items={SUPPORT_ITEMS} href={(to) => to} />;
}

export function AccountMenu({ loggedIn }: { loggedIn: boolean }) {
  const { t } = useTranslation('layout');
  const find = useFindRoute();
  return <Menu label={t('header.account')} items={existingItems(ACCOUNT_ITEMS, find)} href={(to) => accountHref(to, loggedIn)} />;
}
