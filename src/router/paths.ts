/**
 * Paths and matching with react-router 7's rules (decision 0050): routes are flattened into branches, ranked by
 * react-router's score (static segment 10, dynamic 3, empty 1, splat -2; siblings of equal score in table order),
 * optional segments exploded into their variants, matched case-insensitively; params decoded per segment. The
 * algorithms follow react-router's (MIT) so that test/unit/ownRouter.test.tsx finds the same matches for every path.
 */

export interface Path {
  pathname: string;
  search: string;
  hash: string;
}

export type To = string | Partial<Path>;
export type Params = Record<string, string | undefined>;

/** A route as the matcher sees it: the router's route objects satisfy this. */
export interface MatchableRoute {
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  children?: MatchableRoute[];
}

export interface RouteMatch<R extends MatchableRoute = MatchableRoute> {
  params: Params;
  pathname: string;
  pathnameBase: string;
  route: R;
}

interface BranchStep<R> {
  relativePath: string;
  caseSensitive: boolean;
  childrenIndex: number;
  route: R;
  matcher: RegExp;
  paramNames: { name: string; optional: boolean }[];
}

interface Branch<R> {
  path: string;
  score: number;
  steps: BranchStep<R>[];
}

const joinPaths = (paths: string[]): string => paths.join('/').replace(/[\\/]{2,}/g, '/');

function removeTrailingSlash(path: string, minLength = 0): string {
  let end = path.length;
  while (end > minLength && path.charCodeAt(end - 1) === 47) end--;
  return path.slice(0, end);
}

const normalizePathname = (pathname: string): string => removeTrailingSlash(pathname).replace(/^\/*/, '/');
const normalizeSearch = (search: string): string => (!search || search === '?' ? '' : search.startsWith('?') ? search : `?${search}`);
const normalizeHash = (hash: string): string => (!hash || hash === '#' ? '' : hash.startsWith('#') ? hash : `#${hash}`);

export function parsePath(path: string): Partial<Path> {
  const parsed: Partial<Path> = {};
  const hashIndex = path.indexOf('#');
  if (hashIndex >= 0) { parsed.hash = path.slice(hashIndex); path = path.slice(0, hashIndex); }
  const searchIndex = path.indexOf('?');
  if (searchIndex >= 0) { parsed.search = path.slice(searchIndex); path = path.slice(0, searchIndex); }
  if (path) parsed.pathname = path;
  return parsed;
}

export function createPath({ pathname = '/', search = '', hash = '' }: Partial<Path>): string {
  if (search && search !== '?') pathname += search.startsWith('?') ? search : `?${search}`;
  if (hash && hash !== '#') pathname += hash.startsWith('#') ? hash : `#${hash}`;
  return pathname;
}

/** `/a/:b?/c` → `/a/:b/c`, `/a/c` (react-router's explodeOptionalSegments). */
function explodeOptionalSegments(path: string): string[] {
  const [first = '', ...rest] = path.split('/');
  const optional = first.endsWith('?');
  const required = first.replace(/\?$/, '');
  if (rest.length === 0) return optional ? [required, ''] : [required];
  const restExploded = explodeOptionalSegments(rest.join('/'));
  const result = restExploded.map((sub) => (sub === '' ? required : [required, sub].join('/')));
  if (optional) result.push(...restExploded);
  return result.map((exploded) => (path.startsWith('/') && exploded === '' ? '/' : exploded));
}

function compilePath(path: string, caseSensitive: boolean, end: boolean): [RegExp, { name: string; optional: boolean }[]] {
  const params: { name: string; optional: boolean }[] = [];
  let source = `^${path
    .replace(/\/*\*?$/, '')
    .replace(/^\/*/, '/')
    .replace(/[\\.*+^${}|()[\]]/g, '\\$&')
    .replace(/\/:([\w-]+)(\?)?/g, (match, name: string, optional: string | undefined, index: number, str: string) => {
      params.push({ name, optional: optional != null });
      if (optional) {
        const next = str.charAt(index + match.length);
        return next && next !== '/' ? '/([^\\/]*)' : '(?:/([^\\/]*))?';
      }
      return '/([^\\/]+)';
    })
    .replace(/\/([\w-]+)\?(\/|$)/g, '(/$1)?$2')}`;
  if (path.endsWith('*')) {
    params.push({ name: '*', optional: false });
    source += path === '*' || path === '/*' ? '(.*)$' : '(?:\\/(.+)|\\/*)$';
  } else if (end) {
    source += '\\/*$';
  } else if (path !== '' && path !== '/') {
    source += '(?:(?=\\/|$))';
  }
  return [new RegExp(source, caseSensitive ? undefined : 'i'), params];
}

const SPLAT = '*';
function computeScore(path: string, index: boolean | undefined): number {
  const segments = path.split('/');
  let score = segments.length + (segments.includes(SPLAT) ? -2 : 0) + (index ? 2 : 0);
  for (const s of segments) if (s !== SPLAT) score += /^:[\w-]+$/.test(s) ? 3 : s === '' ? 1 : 10;
  return score;
}

function compareIndexes(a: number[], b: number[]): number {
  const siblings = a.length === b.length && a.slice(0, -1).every((n, i) => n === b[i]);
  return siblings ? a[a.length - 1]! - b[b.length - 1]! : 0;
}

function flattenRoutes<R extends MatchableRoute>(routes: R[], branches: Branch<R>[] = [], parents: Omit<BranchStep<R>, 'matcher' | 'paramNames'>[] = [], parentPath = '', parentOptional = false): Branch<R>[] {
  const flattenRoute = (route: R, index: number, hasOptional: boolean, relative?: string) => {
    const step = { relativePath: relative ?? route.path ?? '', caseSensitive: route.caseSensitive === true, childrenIndex: index, route };
    if (step.relativePath.startsWith('/')) {
      if (!step.relativePath.startsWith(parentPath) && hasOptional) return;
      if (!step.relativePath.startsWith(parentPath)) {
        throw new Error(`Absolute route path "${step.relativePath}" nested under path "${parentPath}" is not valid.`);
      }
      step.relativePath = step.relativePath.slice(parentPath.length);
    }
    const path = joinPaths([parentPath, step.relativePath]);
    const steps = [...parents, step];
    if (route.children && route.children.length > 0) flattenRoutes(route.children as R[], branches, steps, path, hasOptional);
    if (route.path == null && !route.index) return;
    branches.push({
      path,
      score: computeScore(path, route.index),
      steps: steps.map((s, i) => {
        const [matcher, paramNames] = compilePath(s.relativePath, s.caseSensitive, i === steps.length - 1);
        return { ...s, matcher, paramNames };
      }),
    });
  };
  routes.forEach((route, index) => {
    if (route.path === '' || !route.path?.includes('?')) flattenRoute(route, index, parentOptional);
    else for (const exploded of explodeOptionalSegments(route.path)) flattenRoute(route, index, true, exploded);
  });
  return branches;
}

export function rankedBranches<R extends MatchableRoute>(routes: R[]): Branch<R>[] {
  return flattenRoutes(routes).sort((a, b) => (a.score !== b.score ? b.score - a.score
    : compareIndexes(a.steps.map((s) => s.childrenIndex), b.steps.map((s) => s.childrenIndex))));
}

function decodePath(value: string): string {
  try {
    return value.split('/').map((v) => decodeURIComponent(v).replace(/\//g, '%2F')).join('/');
  } catch {
    return value;
  }
}

function matchBranch<R extends MatchableRoute>(branch: Branch<R>, pathname: string): RouteMatch<R>[] | null {
  const params: Params = {};
  let matchedPathname = '/';
  const matches: RouteMatch<R>[] = [];
  for (const step of branch.steps) {
    const remaining = matchedPathname === '/' ? pathname : pathname.slice(matchedPathname.length) || '/';
    const found = remaining.match(step.matcher);
    if (!found) return null;
    const matched = found[0];
    let base = removeTrailingSlash(matched, 1);
    step.paramNames.forEach(({ name, optional }, i) => {
      const value = found[i + 1];
      if (name === '*') base = removeTrailingSlash(matched.slice(0, matched.length - (value || '').length), 1);
      params[name] = optional && !value ? undefined : (value || '').replace(/%2F/g, '/');
    });
    // react-router hands every match of a branch the same params object, holding the whole path's params.
    matches.push({ params, pathname: joinPaths([matchedPathname, matched]), pathnameBase: normalizePathname(joinPaths([matchedPathname, base])), route: step.route });
    if (base !== '/') matchedPathname = joinPaths([matchedPathname, base]);
  }
  return matches;
}

export function matchBranches<R extends MatchableRoute>(branches: Branch<R>[], location: To): RouteMatch<R>[] | null {
  const { pathname = '/' } = typeof location === 'string' ? parsePath(location) : location;
  const decoded = decodePath(pathname || '/');
  for (const branch of branches) {
    const matches = matchBranch(branch, decoded);
    if (matches) return matches;
  }
  return null;
}

/** react-router's `matchRoutes(routes, location)`. */
export const matchRoutes = <R extends MatchableRoute>(routes: R[], location: To): RouteMatch<R>[] | null =>
  matchBranches(rankedBranches(routes), location);

function resolvePathname(relative: string, from: string): string {
  const segments = removeTrailingSlash(from).split('/');
  for (const segment of relative.split('/')) {
    if (segment === '..') { if (segments.length > 1) segments.pop(); } else if (segment !== '.') segments.push(segment);
  }
  return segments.length > 1 ? segments.join('/') : '/';
}

/** The pathnames relative links resolve against: each path-contributing match's base, the last one's full pathname. */
export function resolveToMatches(matches: readonly RouteMatch[]): string[] {
  const contributing = matches.filter((m, i) => i === 0 || (m.route.path && m.route.path.length > 0));
  return contributing.map((m, i) => (i === contributing.length - 1 ? m.pathname : m.pathnameBase));
}

/** react-router's `resolveTo`: a link's target from the route it is rendered in and the current pathname. */
export function resolveTo(toArg: To, routePathnames: string[], locationPathname: string): Path {
  const to = typeof toArg === 'string' ? parsePath(toArg) : { ...toArg };
  const isEmptyPath = toArg === '' || to.pathname === '';
  const toPathname = isEmptyPath ? '/' : to.pathname;
  let from: string;
  if (toPathname == null) {
    from = locationPathname;
  } else {
    let index = routePathnames.length - 1;
    if (toPathname.startsWith('..')) {
      const segments = toPathname.split('/');
      while (segments[0] === '..') { segments.shift(); index -= 1; }
      to.pathname = segments.join('/');
    }
    from = index >= 0 ? routePathnames[index]! : '/';
  }
  let pathname: string;
  const target = to.pathname ? to.pathname.replace(/[\\/]{2,}/g, '/') : '';
  if (target) pathname = target.startsWith('/') || target.startsWith('\\') ? resolvePathname(target.substring(1), '/') : resolvePathname(target, from);
  else pathname = from;
  const explicitTrailingSlash = toPathname && toPathname !== '/' && toPathname.endsWith('/');
  const currentTrailingSlash = (isEmptyPath || toPathname === '.') && locationPathname.endsWith('/');
  if (!pathname.endsWith('/') && (explicitTrailingSlash || currentTrailingSlash)) pathname += '/';
  return { pathname, search: normalizeSearch(to.search ?? ''), hash: normalizeHash(to.hash ?? '') };
}
