/**
 * The staff console's frame (issue 16): its own header (no storefront header or footer, no customer menus), the staff
 * member logged in, and log out. A page of the console asks `useStaff` who is logged in; nobody: the login page.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { AppLink, LanguageSwitch, staffApi } from '../../src/app/forScreens';
import { secondaryButton } from '../ui/fields';

export interface StaffMember { email: string; name: string; role: 'reviewer' }

/** Who is logged in to the console: undefined while asking; a page without a staff session goes to /staff/login. */
export function useStaff(): StaffMember | undefined {
  const navigate = useNavigate();
  const [me, setMe] = useState<StaffMember | undefined>(undefined);
  useEffect(() => {
    let live = true;
    staffApi.who().then((who) => { if (live) setMe(who); }, () => {
      if (live) navigate(`/staff/login?redirect=${encodeURIComponent(window.location.pathname)}`, { replace: true });
    });
    return () => { live = false; };
  }, [navigate]);
  return me;
}

const STAFF_TABS = [
  ['/staff/reviews', 'frame.reviews'], ['/staff/inbox', 'frame.inbox'], ['/staff/campaigns', 'frame.campaigns'],
  ['/staff/referralGifts', 'frame.referralGifts'], ['/staff/students', 'frame.students'],
] as const;

export function StaffFrame({ me, children }: { me?: StaffMember; children: ReactNode }) {
  const { t } = useTranslation('staff');
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return (
    <div className="min-h-screen bg-slate-100">
      <header className="bg-slate-900 text-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-3">
          <div className="flex flex-wrap items-center gap-4">
            <AppLink to="/staff/reviews" className="font-semibold text-white focus:outline-none focus-visible:ring-2 focus-visible:ring-white">{t('frame.title')}</AppLink>
            {/* Issue 18: the inbox of contact messages and dealer applications beside the real-name reviews. */}
            <nav aria-label={t('frame.title')} className="flex gap-3 text-sm">
              {STAFF_TABS.map(([to, key]) => {
                // The tab of the page open (a review, a message and a campaign count as their list's).
                const current = pathname === to || pathname.startsWith(`${to}/`);
                return (
                  <AppLink key={to} to={to} aria-current={current ? 'page' : undefined}
                    className={`underline-offset-4 hover:text-white hover:underline ${current ? 'font-semibold text-white underline decoration-2' : 'text-slate-200'}`}>
                    {t(key)}
                  </AppLink>
                );
              })}
            </nav>
          </div>
          <div className="flex items-center gap-3 text-sm">
            <LanguageSwitch className="bg-white" />
            {me && <span data-testid="staff-me" translate="no">{me.name}</span>}
            {me && (
              <button type="button" className={secondaryButton} onClick={() => { void staffApi.logout().finally(() => navigate('/staff/login', { replace: true })); }}>
                {t('frame.logout')}
              </button>
            )}
          </div>
        </div>
      </header>
      <div className="mx-auto max-w-6xl px-4 py-8">{children}</div>
    </div>
  );
}
