/**
 * The page metadata of the plan detail routes (/plans/{slug}): the plan's name from the route's loader, and the
 * five variants of /plans/500mb-plan ("takes query parameter id 1 to 5 selecting page metadata", spec section 2).
 */
import type { MetaInfo } from './routeModel';

/** Plan detail routes are the catalogue's slugs, which end in -plan (spec section 2: "slug ending in -plan"). */
export const isPlanSlug = (slug: string): boolean => /^[a-z0-9]+(?:-[a-z0-9]+)*-plan$/.test(slug);

export const META_VARIANT_SLUG = '500mb-plan';
export const META_VARIANTS = [1, 2, 3, 4, 5] as const;

/** `?id=1..5` on /plans/500mb-plan selects a variant; any other id, or none: null (the default metadata). */
export const metaVariant = (slug: string | undefined, search: URLSearchParams): number | null => {
  if (slug !== META_VARIANT_SLUG) return null;
  const id = search.get('id');
  return id !== null && /^[1-5]$/.test(id) ? Number(id) : null;
};

/** Metadata of a plan page: a variant, else the plan's name once the loader found it, else the route's own. */
export function planDetailMeta(args: { slug: string | undefined; search: URLSearchParams; planName: string | null; fallback: MetaInfo }): MetaInfo {
  const variant = metaVariant(args.slug, args.search);
  if (variant !== null) return { title: `meta:plan500mb.${variant}.title`, description: `meta:plan500mb.${variant}.description` };
  if (args.planName) return { title: 'meta:planNamed.title', description: 'meta:planNamed.description', values: { name: args.planName } };
  return args.fallback;
}
