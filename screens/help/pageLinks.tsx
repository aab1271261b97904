/**
 * Links to other pages of the product, offered only when the page exists (decision 0018: nothing leads to /404). A
 * page of a later issue (the rates, the coverage map, the phone check) gets its link the day its route is served.
 */
import { AppLink, useFindRoute, isServed, type FindRoute } from '../../src/app/forScreens';

export function pageExists(find: FindRoute, to: string, hops = 0): boolean {
  const route = find(to.split(/[?#]/)[0]!);
  if (!route || !isServed(route)) return false;
  return route.redirect ? hops < 3 && pageExists(find, route.redirect, hops + 1) : true;
}

/** The links whose pages exist, in a row; nothing when none does. */
export function PageLinks({ links, lead }: { links: { to: string; label: string }[]; lead: string }) {
  const find = useFindRoute();
  const shown = links.filter((l) => pageExists(find, l.to));
  if (shown.length === 0) return null;
  return (
    <p className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
      <span className="text-slate-600">{lead}</span>
      {shown.map((l) => (
        <AppLink key={l.to} to={l.to} className="font-medium text-blue-800 underline underline-offset-2 hover:text-blue-900">{l.label}</AppLink>
      ))}
    </p>
  );
}
