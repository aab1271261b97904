/**
 * The declarative routers (<MemoryRouter>, <Routes>, <Route>) as the tests use them: a memory router whose one route
 * shows the children, and <Routes> matching its <Route> elements against the location.
 */
import { Children, createContext, isValidElement, useContext, useState, type ReactElement, type ReactNode } from 'react';
import { RouteContext, RouterProvider, renderMatches, useLocation } from './components';
import { createPath, matchRoutes } from './paths';
import { createMemoryRouter, type DataRoute, type Location, type RouteObject } from './router';


const MemoryChildren = createContext<ReactNode>(null);
function MemoryRouterChildren() {
  return <RouteContext.Provider value={{ outlet: null, matches: [] }}>{useContext(MemoryChildren)}</RouteContext.Provider>;
}

export function MemoryRouter({ initialEntries, initialIndex, children }: { initialEntries?: (string | Partial<Location>)[]; initialIndex?: number; children?: ReactNode }) {
  const [router] = useState(() => createMemoryRouter([{ path: '*', Component: MemoryRouterChildren }], { initialEntries, initialIndex }));
  return <MemoryChildren.Provider value={children}><RouterProvider router={router} /></MemoryChildren.Provider>;
}

interface RouteProps {
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  element?: ReactNode;
  Component?: RouteObject['Component'];
  children?: ReactNode;
}

/** Only read by <Routes>. */
export function Route(_props: RouteProps): ReactElement | null {
  return null;
}

function routesFromChildren(children: ReactNode, parentPath: string[] = []): DataRoute[] {
  const routes: DataRoute[] = [];
  Children.forEach(children, (child) => {
    if (!isValidElement<RouteProps>(child)) return;
    const treePath = [...parentPath, String(routes.length)];
    const { path, index, caseSensitive, element, Component: RouteComponent, children: nested } = child.props;
    routes.push({ id: treePath.join('-'), path, index, caseSensitive, element, Component: RouteComponent, children: nested ? routesFromChildren(nested, treePath) : undefined });
  });
  return routes;
}

export function Routes({ children }: { children?: ReactNode }) {
  const { matches: parentMatches } = useContext(RouteContext);
  const { pathname } = useLocation();
  const parent = parentMatches[parentMatches.length - 1];
  const base = parent?.pathnameBase ?? '/';
  const remaining = base === '/' ? pathname : pathname.slice(base.length) || '/';
  const matches = matchRoutes(routesFromChildren(children), { pathname: remaining });
  if (!matches) return null;
  const joined = matches.map((m) => ({
    ...m,
    params: { ...parent?.params, ...m.params },
    pathname: createPath({ pathname: `${base}/${m.pathname}`.replace(/\/{2,}/g, '/') }),
    pathnameBase: m.pathnameBase === '/' ? base : `${base}/${m.pathnameBase}`.replace(/\/{2,}/g, '/'),
  }));
  return renderMatches(joined, null, parentMatches);
}
