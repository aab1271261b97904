/**
 * Route loaders: the only place screens' data is fetched (screens read it with useLoaderData and never
 * import src/api). A failed call does not break the page: the loader answers what it has and an error flag.
 * The shapes they answer are src/contract/pageData.ts, where screens take them from.
 * Each loader fetches the contract of the endpoints it calls when it runs (decision 0023): this module is in every
 * page's first load, and a page validates answers with the schemas of its own endpoints only.
 */
import { ApiError, call } from '../api/client';
import type { HomeData, PersonalHomeData, PlanDetailData, PlansData, PortalData, RatesData, UsagePageData } from '../contract/pageData';
import { clearSession, setPersonalData } from './session';
import { isPlanSlug } from './planMeta';

export async function loadHome(): Promise<HomeData> {
  const { bundleList, partners: partnerList } = await import('../contract/catalog');
  const [catalog, partners] = await Promise.allSettled([
    call(bundleList, { body: {}, silent: true, background: true }),
    call(partnerList, { silent: true, background: true }),
  ]);
  return {
    catalog: catalog.status === 'fulfilled' ? catalog.value : null,
    partners: partners.status === 'fulfilled' ? partners.value.partners : [],
    catalogError: catalog.status === 'rejected',
  };
}

/** The plan pages (/plans/propagate, /plans/global, /esim): the catalogue, or the flag that it failed. */
export async function loadPlans(): Promise<PlansData> {
  try {
    const { bundleList } = await import('../contract/catalog');
    return { catalog: await call(bundleList, { body: {}, silent: true, background: true }), catalogError: false };
  } catch {
    return { catalog: null, catalogError: true };
  }
}

/** /rates (issue 18): the rates of every country, from the table calls are charged from. */
export async function loadRates(): Promise<RatesData> {
  try {
    const { ildRatesList } = await import('../contract/usage');
    return { rates: (await call(ildRatesList, { silent: true })).rates, loadError: false };
  } catch {
    return { rates: null, loadError: true };
  }
}

/** /plans/{slug}: 'notFound' for a slug that is not a plan of the catalogue, so the route goes to /404. */
export async function loadPlanDetail(slug: string): Promise<PlanDetailData | 'notFound'> {
  if (!isPlanSlug(slug)) return 'notFound';
  const { catalog, catalogError } = await loadPlans();
  const plan = catalog?.plans.find((p) => p.slug === slug && p.kind === 'us') ?? null;
  if (catalog && !plan) return 'notFound';
  return { catalog, catalogError, slug, plan };
}

/** Answers 'login' when the token was refused, so the route sends the user to log in again. */
export async function loadPersonal(): Promise<PersonalHomeData | 'login'> {
  try {
    const [{ userInfo }, { activationMine }, { portalHome }] = await Promise.all([
      import('../contract/personal'), import('../contract/activation'), import('../contract/portal'),
    ]);
    const [user, activations, home] = await Promise.all([
      call(userInfo, { silent: true }),
      call(activationMine, { silent: true }).then((r) => r.activations, () => null),
      call(portalHome, { silent: true }).catch(() => null),
    ]);
    setPersonalData(user);
    return { user, loadError: false, activations, home };
  } catch (e) {
    if (e instanceof ApiError && (e.status === 401 || e.status === 403)) {
      clearSession();
      return 'login';
    }
    return { user: null, loadError: true };
  }
}

/** /package: the plan in force, its inclusions and the plans that follow (portalHome). */
export async function loadPortal(): Promise<PortalData | 'login'> {
  try {
    const { portalHome } = await import('../contract/portal');
    return { home: await call(portalHome, { silent: true }), loadError: false };
  } catch (e) {
    if (e instanceof ApiError && (e.status === 401 || e.status === 403)) {
      clearSession();
      return 'login';
    }
    return { home: null, loadError: true };
  }
}

/**
 * A usage page: the type from its path, the month, direction and page from the query (anything the gateway would
 * refuse is left out, so a hand-edited URL shows the current month rather than an error). 'login' as loadPersonal.
 */
export async function loadUsage(url: URL): Promise<UsagePageData | 'login'> {
  try {
    const [{ usageRecords }, { usageQueryFromUrl }] = await Promise.all([import('../contract/usage'), import('./usagePages')]);
    return { list: await call(usageRecords, { body: usageQueryFromUrl(url), silent: true }), loadError: false };
  } catch (e) {
    if (e instanceof ApiError && (e.status === 401 || e.status === 403)) {
      clearSession();
      return 'login';
    }
    return { list: null, loadError: true };
  }
}
