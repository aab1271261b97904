/**
 * The product's router (decision 0050): react-router-dom's API as the product uses it. vite.config.ts (`ROUTER_ALIAS`),
 * vitest.config.ts and tsconfig.json (`paths`) resolve the name `react-router-dom` here, so screens keep importing it;
 * test/unit/ownRouter.test.tsx compares it with react-router itself (still installed for that test). Only re-exports:
 * the browser's router (router.ts) stays in the entry chunk, the React side (components.tsx) in the screens' shared one.
 */
export { createBrowserRouter, createMemoryRouter, createStaticHandler, createStaticRouter, redirect } from './router';
export type { HydrationState, LoaderFunctionArgs, Location, Router, RouteObject, StaticHandlerContext } from './router';
export { matchRoutes } from './paths';
export type { Params, Path, To } from './paths';
export {
  Link, Navigate, Outlet, RouterProvider, StaticRouterProvider, createSearchParams, useLoaderData, useLocation, useMatches,
  useNavigate, useNavigation, useParams, useResolvedPath, useRevalidator, useSearchParams,
} from './components';
export type { LinkProps, NavigateFunction } from './components';
export { MemoryRouter, Route, Routes } from './declarative';
