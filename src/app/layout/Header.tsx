import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../session';
import { AppLink } from './AppLink';
import { Brand } from './Brand';
import { lazyPart, useLazyPart } from './lazyPart';
import { LanguageSwitch } from './LanguageSwitch';
import { AccountMenu, SupportMenu } from './Menus';
import { ACTIVATE, MAIN_NAV } from './navItems';
import { UserArea, useNavState } from './UserArea';

const isActive = (pathname: string, to: string, titleActive: string | null) =>
  titleActive === to || pathname === to || pathname.startsWith(`${to}/`);

const mobileDrawer = lazyPart(() => import('./MobileDrawer'));
const DRAWER_ID = 'mobile-menu';

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

/**
 * Below 768px: brand, Activate SIM and a hamburger opening a drawer. The drawer's code (Radix Dialog) is fetched on the
 * first press, or already on hover or focus; offline, the press does nothing and the next one tries again.
 */
export function MobileHeader({ className = '' }: { className?: string }) {
  const { t } = useTranslation('layout');
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const { module } = useLazyPart(mobileDrawer, open);
  const preload = () => { void mobileDrawer.load().catch(() => { /* tried again on press */ }); };
  return (
    <header className={`sticky top-0 z-40 border-b border-slate-200 bg-white ${className}`}>
      <div className="flex items-center justify-between gap-2 px-4 py-2">
        <Brand />
        <div className="flex items-center gap-1">
          <ActivateButton compact />
          <button
            ref={trigger}
            type="button"
            className="rounded-md p-2 text-slate-800 hover:bg-slate-100"
            aria-label={t('header.openMenu')}
            aria-haspopup="dialog"
            aria-expanded={open && module !== null}
            aria-controls={open && module ? DRAWER_ID : undefined}
            data-state={open && module ? 'open' : 'closed'}
            onPointerEnter={preload}
            onFocus={preload}
            onClick={() => {
              setOpen(true);
              // Offline: the drawer cannot come, so the press is forgotten and the next one tries again.
              mobileDrawer.load().catch(() => setOpen(false));
            }}
          >
            <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true"><path d="M4 6h16M4 12h16M4 18h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" /></svg>
          </button>
          {module && <module.MobileDrawer id={DRAWER_ID} open={open} onOpenChange={setOpen} trigger={trigger} />}
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
