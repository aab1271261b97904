/**
 * The mobile header's drawer (Radix Dialog), loaded when the hamburger is first pressed (Header.tsx, decision 0023).
 * The hamburger is not Radix's trigger, so focus goes back to it here when the drawer closes.
 */
import * as Dialog from '@radix-ui/react-dialog';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useFindRoute } from '../routeLookup';
import { useSession } from '../session';
import { AppLink } from './AppLink';
import { LanguageSwitch } from './LanguageSwitch';
import { ACCOUNT_ITEMS, ACTIVATE, MAIN_NAV, SUPPORT_ITEMS, accountHref, existingItems, type NavItem } from './navItems';
import { UserArea } from './UserArea';

function DrawerSection({ title, items, href, close }: { title: string; items: NavItem[]; href: (to: string) => string; close: () => void }) {
  const { t } = useTranslation('layout');
  return (
    <section className="border-t border-slate-200 py-3">
      <h2 className="px-1 pb-1 text-xs font-semibold uppercase tracking-wide text-slate-600">{title}</h2>
      <ul>
        {items.map((item) => (
          <li key={item.to}>
            <AppLink to={href(item.to)} onClick={close} className="block rounded-md px-1 py-2 text-base text-slate-800 hover:bg-slate-50">
              {t(item.label)}
            </AppLink>
          </li>
        ))}
      </ul>
    </section>
  );
}

export interface MobileDrawerProps {
  id: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger: RefObject<HTMLButtonElement | null>;
}

export function MobileDrawer({ id, open, onOpenChange, trigger }: MobileDrawerProps) {
  const { t } = useTranslation('layout');
  const { loggedIn } = useSession();
  const find = useFindRoute();
  const close = () => onOpenChange(false);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/40" />
        <Dialog.Content
          id={id}
          className="fixed inset-y-0 right-0 z-50 flex w-80 max-w-[85vw] flex-col overflow-y-auto bg-white p-4 shadow-xl focus:outline-none"
          onCloseAutoFocus={(event) => { event.preventDefault(); trigger.current?.focus(); }}
        >
          <div className="flex items-center justify-between pb-3">
            <Dialog.Title className="text-base font-semibold text-slate-900">{t('header.menu')}</Dialog.Title>
            <Dialog.Close className="rounded-md p-2 text-slate-700 hover:bg-slate-100" aria-label={t('header.closeMenu')}>
              <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true"><path d="M5 5l10 10M15 5L5 15" stroke="currentColor" strokeWidth="2" strokeLinecap="round" /></svg>
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">{t('header.menuDescription')}</Dialog.Description>
          <div className="pb-3"><UserArea compact /></div>
          <LanguageSwitch className="mb-3 self-start" />
          <nav aria-label={t('header.mainNav')}>
            <DrawerSection title={t('header.shop')} items={[...MAIN_NAV, ACTIVATE]} href={(to) => to} close={close} />
            <DrawerSection title={t('header.support')} items={SUPPORT_ITEMS} href={(to) => to} close={close} />
            <DrawerSection title={t('header.account')} items={existingItems(ACCOUNT_ITEMS, find)} href={(to) => accountHref(to, loggedIn)} close={close} />
          </nav>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
