/**
 * Route loaders: the only place screens' data is fetched (screens read it with useLoaderData and never
 * import src/api). A failed call does not break the page: the loader answers what it has and an error flag.
 */
import { ApiError, call } from '../api/client';
import { endpoints } from '../contract';
import type { BundleList, Plan } from '../contract/catalog';
import type { UserInfo } from '../contract/personal';
import type { z } from 'zod';
import type { partnerSchema } from '../contract/common';
import { clearSession, setPersonalData } from './session';
import { isPlanSlug } from './planMeta';
import type { ActivationView } from '../contract/activation';

export type Partner = z.infer<typeof partnerSchema>;

export interface HomeData {
  catalog: BundleList | null;
  partners: Partner[];
  /** The catalogue could not be loaded: the page says so and still renders. */
  catalogError: boolean;
}

export async function loadHome(): Promise<HomeData> {
  const [catalog, partners] = await Promise.allSettled([
    call(endpoints.bundleList, { body: {}, silent: true, background: true }),
    call(endpoints.partners, { silent: true, background: true }),
  ]);
  return {
    catalog: catalog.status === 'fulfilled' ? catalog.value : null,
    partners: partners.status === 'fulfilled' ? partners.value.partners : [],
    catalogError: catalog.status === 'rejected',
  };
}

export interface PlansData {
  catalog: BundleList | null;
  /** The catalogue could not be loaded: the page says so and still renders. */
  catalogError: boolean;
}

/** The plan pages (/plans/propagate, /plans/global, /esim): the catalogue, or the flag that it failed. */
export async function loadPlans(): Promise<PlansData> {
  try {
    return { catalog: await call(endpoints.bundleList, { body: {}, silent: true, background: true }), catalogError: false };
  } catch {
    return { catalog: null, catalogError: true };
  }
}

export interface PlanDetailData extends PlansData {
  slug: string;
  /** Null only when the catalogue failed (an unknown slug answers 'notFound'). */
  plan: Plan | null;
}

/** /plans/{slug}: 'notFound' for a slug that is not a plan of the catalogue, so the route goes to /404. */
export async function loadPlanDetail(slug: string): Promise<PlanDetailData | 'notFound'> {
  if (!isPlanSlug(slug)) return 'notFound';
  const { catalog, catalogError } = await loadPlans();
  const plan = catalog?.plans.find((p) => p.slug === slug && p.kind === 'us') ?? null;
  if (catalog && !plan) return 'notFound';
  return { catalog, catalogError, slug, plan };
}

export interface PersonalHomeData {
  user: UserInfo | null;
  loadError: boolean;
  /** The customer's activations, newest first (port-ins in progress show there); null when they could not be read. */
  activations?: ActivationView[] | null;
}

/** Answers 'login' when the token was refused, so the route sends the user to log in again. */
export async function loadPersonal(): Promise<PersonalHomeData | 'login'> {
  try {
    const [user, activations] = await Promise.all([
      call(endpoints.userInfo, { silent: true }),
      call(endpoints.activationMine, { silent: true }).then((r) => r.activations, () => null),
    ]);
    setPersonalData(user);
    return { user, loadError: false, activations };
  } catch (e) {
    if (e instanceof ApiError && (e.status === 401 || e.status === 403)) {
      clearSession();
      return 'login';
    }
    return { user: null, loadError: true };
  }
}
