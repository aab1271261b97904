import { createBrowserRouter, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router-dom';
import { guardRedirect } from './guards';
import { loadHome, loadPersonal } from './loaders';
import { AppFallback, RootLayout } from './layout/RootLayout';
import { RouteError } from './layout/RouteError';
import { loginPath } from './navigation';
import { NOT_FOUND_PATH, ROUTES, type AppRoute } from './routes';
import { getPersonalData, getToken, refreshPersonalData } from './session';

const Nothing = () => null;

async function runGuards(route: AppRoute, url: URL) {
  const path = `${url.pathname}${url.search}`;
  const token = getToken();
  let personal = getPersonalData();
  if (route.flags.hasIsSmsUser && token && !personal) {
    await refreshPersonalData();
    personal = getPersonalData();
  }
  const to = guardRedirect({ route, path, token, personal });
  if (to) throw redirect(to);
}

export function toRouteObject(route: AppRoute): RouteObject {
  const screen = route.screen;
  return {
    path: route.path,
    handle: { route },
    loader: async ({ request }: LoaderFunctionArgs) => {
      const url = new URL(request.url);
      await runGuards(route, url);
      if (route.redirect) throw redirect(`${route.redirect}${url.search}`);
      if (route.loader === 'home') return loadHome();
      if (route.loader === 'personal') {
        const data = await loadPersonal();
        if (data === 'login') throw redirect(loginPath(`${url.pathname}${url.search}`));
        return data;
      }
      return null;
    },
    ...(screen ? { lazy: async () => ({ Component: (await screen()).default }) } : { Component: Nothing }),
  };
}

export const routeObjects: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    HydrateFallback: AppFallback,
    ErrorBoundary: RouteError,
    children: [
      ...ROUTES.map(toRouteObject),
      // Spec section 2: "Unknown paths redirect to /404."
      { path: '*', loader: () => redirect(NOT_FOUND_PATH) },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routeObjects);
