import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useMatches, useNavigation, useSearchParams } from 'react-router-dom';
import { getItem, removeItem, setItem } from '../../storage';
import { useRemountKey } from '../navFlags';
import type { AppRoute, MetaInfo } from '../routeModel';
import { refreshPersonalData, useSession } from '../session';
import { useStored } from '../useStored';
import { AccountLayout } from './AccountLayout';
import { FeedbackHost } from './FeedbackHost';
import { Footer } from './Footer';
import { Header } from './Header';
import { LoadingOverlay } from './LoadingOverlay';
import { lazyPart, useLazyPart } from './lazyPart';
import { metaOfMatches, useDocumentMeta } from './useDocumentMeta';
import { keepCampaignCodes } from '../flows/campaignCodes';

/** The referral offer's dialog (Radix Dialog) is fetched only when a link brings a code (decision 0023). */
const promoDialog = lazyPart(() => import('./PromoDialog'));

/** The current route's metadata: its metaFor (params, query, loader data) when it has one, else its metaInfo. */
const useCurrentMeta = (): MetaInfo | undefined => {
  const matches = useMatches();
  const { search } = useLocation();
  return metaOfMatches(matches, new URLSearchParams(search));
};

export const useCurrentRoute = (): AppRoute | undefined => {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle as { route?: AppRoute } | undefined;
    if (handle?.route) return handle.route;
  }
  return undefined;
};

/** Spec section 2: "Every navigation scrolls to the top." */
function useScrollToTop() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [pathname, search]);
}

/** The title-active flag lasts until the user goes elsewhere; the forget flag until the fresh screen mounted. */
function useNavFlagLifecycle(remountKey: number) {
  const { pathname } = useLocation();
  useEffect(() => {
    if (getItem('titleActive') && getItem('titleActive') !== pathname) removeItem('titleActive');
  }, [pathname]);
  useEffect(() => {
    if (getItem('forget')) removeItem('forget');
  }, [remountKey]);
}

/** A `recommendCode` query parameter opens the referral promo dialog and keeps the code for checkout. */
function useRecommendCode() {
  const [params] = useSearchParams();
  const code = params.get('recommendCode');
  const [shown, setShown] = useState<string | null>(null);
  useEffect(() => {
    if (code) {
      setItem('plans/recommendCode', code);
      setShown(code);
    }
  }, [code]);
  return { code: shown, close: () => setShown(null) };
}

/**
 * A campaign or partner link (`?couponCode=`, `?promotion=`, `?activityCode=` / `?activity_code=`) keeps its codes for the
 * checkout in the stored keys of spec section 3 (decision 0045); the checkout prefills the discount code and sends the
 * platform and campaign with the order. The checkout reads and stores its own URL's codes on its first render
 * (src/app/flows/campaignCodes.ts): this effect runs after it, for the pages on the way to it.
 */
function useCampaignCodes() {
  const [params] = useSearchParams();
  const query = params.toString();
  useEffect(() => { keepCampaignCodes(query); }, [query]);
}

export function RootLayout() {
  const { t } = useTranslation('common');
  const route = useCurrentRoute();
  const storedHidden = useStored('noHeaderFooter');
  const remountKey = useRemountKey();
  const navigation = useNavigation();
  const { loggedIn, personal } = useSession();
  const promo = useRecommendCode();
  useCampaignCodes();
  const promoPart = useLazyPart(promoDialog, Boolean(promo.code)).module;
  useScrollToTop();
  useNavFlagLifecycle(remountKey);
  const meta = useCurrentMeta();
  const { pathname, search } = useLocation();
  useDocumentMeta(meta, pathname + search);

  useEffect(() => {
    if (loggedIn && !personal) void refreshPersonalData();
  }, [loggedIn, personal]);

  const hidden = Boolean(route?.flags.noHeaderFooter || storedHidden);
  const content = <Outlet key={remountKey} />;
  return (
    <div className="flex min-h-screen flex-col bg-slate-50 text-slate-900">
      <a href="#main" className="sr-only z-50 rounded-md bg-white px-4 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2">{t('skipToContent')}</a>
      {navigation.state === 'loading' && <div className="fixed inset-x-0 top-0 z-50 h-1 animate-pulse bg-blue-600" aria-hidden="true" />}
      {!hidden && <Header mobileHeader={route?.flags.mobileHeader ?? true} />}
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        {route?.flags.hasCommon ? <AccountLayout>{content}</AccountLayout> : content}
      </main>
      {!hidden && <Footer />}
      {promoPart && <promoPart.PromoDialog code={promo.code ?? ''} open={Boolean(promo.code)} onClose={promo.close} />}
      <FeedbackHost />
      <LoadingOverlay />
    </div>
  );
}

/** Shown while the first lazy screen and its loader load. */
export function AppFallback() {
  const { t } = useTranslation('common');
  return (
    <div className="flex min-h-screen items-center justify-center" aria-busy="true">
      <span className="sr-only">{t('loading')}</span>
      <span className="h-10 w-10 animate-spin rounded-full border-4 border-blue-200 border-t-blue-700" aria-hidden="true" />
    </div>
  );
}
