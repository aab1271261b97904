import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { LogoutButton } from '../flows/logout';
import { useSession } from '../session';
import { useStored } from '../useStored';
import { AppLink } from './AppLink';
import { Brand } from './Brand';
import { Greeting } from './Greeting';
import { LanguageSwitch } from './LanguageSwitch';
import { AccountMenu, SupportMenu } from './Menus';
import { ACCOUNT_ITEMS, ACTIVATE, MAIN_NAV, SUPPORT_ITEMS, accountHref, existingItems, type NavItem } from './navItems';
import { useFindRoute } from '../routeLookup';
import { loginPath } from '../navigation';

const isActive = (pathname: string, to: string, titleActive: string | null) =>
  titleActive === to || pathname === to || pathname.startsWith(`${to}/`);

function useNavState() {
  const { pathname, search } = useLocation();
  const titleActive = useStored('titleActive');
  return { pathname, here: `${pathname}${search}`, titleActive };
}

function UserArea({ compact = false }: { compact?: boolean }) {
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

function ActivateButton({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation('layout');
  return (
    <AppLink to={ACTIVATE.to} className={`items-center justify-center rounded-full bg-amber-400 text-sm font-semibold whitespace-nowrap text-slate-900 shadow-sm hover:bg-amber-300 ${compact ? 'hidden px-3 py-1.5 min-[400px]:inline-flex' : 'inline-flex px-4 py-2'}`}>
      {t(ACTIVATE.label)}
    </AppLink>
  );
}

export function DesktopHeader({ className = '' }: { className?: string }) {
  const { t } = useTranslation('layout');
  const { loggedIn } = useSession();
  const { pathname, titleActive } = useNavState();
  return (
    <header className={`border-b border-slate-200 bg-white ${className}`}>
      <div className="bg-slate-100">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-end gap-x-4 gap-y-1 px-4 py-1.5">
          <UserArea />
          <LanguageSwitch />
        </div>
      </div>
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3">
        <Brand />
        <nav aria-label={t('header.mainNav')} className="flex flex-1 flex-wrap items-center gap-1">
          {MAIN_NAV.map((item) => {
            const active = isActive(pathname, item.to, titleActive) && !(item.to === '/plans' && pathname.startsWith('/plans/global'));
            return (
              <AppLink
                key={item.to}
                to={item.to}
                aria-current={active ? 'page' : undefined}
                className={`rounded-md px-3 py-2 text-sm font-medium ${active ? 'text-blue-800 underline decoration-2 underline-offset-8' : 'text-slate-700 hover:text-blue-800'}`}
              >
                {t(item.label)}
              </AppLink>
            );
          })}
          <SupportMenu />
          <AccountMenu loggedIn={loggedIn} />
        </nav>
        <ActivateButton />
      </div>
    </header>
  );
}

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

/** Below 768px: brand, Activate SIM and a hamburger opening a drawer (Radix Dialog). */
export function MobileHeader({ className = '' }: { className?: string }) {
  const { t } = useTranslation('layout');
  const { loggedIn } = useSession();
  const find = useFindRoute();
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <header className={`sticky top-0 z-40 border-b border-slate-200 bg-white ${className}`}>
      <div className="flex items-center justify-between gap-2 px-4 py-2">
        <Brand />
        <div className="flex items-center gap-1">
          <ActivateButton compact />
          <Dialog.Root open={open} onOpenChange={setOpen}>
            <Dialog.Trigger className="rounded-md p-2 text-slate-800 hover:bg-slate-100" aria-label={t('header.openMenu')}>
              <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true"><path d="M4 6h16M4 12h16M4 18h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" /></svg>
            </Dialog.Trigger>
            <Dialog.Portal>
              <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/40" />
              <Dialog.Content className="fixed inset-y-0 right-0 z-50 flex w-80 max-w-[85vw] flex-col overflow-y-auto bg-white p-4 shadow-xl focus:outline-none">
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
        </div>
      </div>
    </header>
  );
}

/** The desktop header at 768px and up; on routes flagged mobileHeader, the mobile header below that. */
export function Header({ mobileHeader }: { mobileHeader: boolean }) {
  if (!mobileHeader) return <DesktopHeader />;
  return (
    <>
      <DesktopHeader className="hidden md:block" />
      <MobileHeader className="md:hidden" />
    </>
  );
}
