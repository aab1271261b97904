/**
 * The route table's lookup, handed down by the router (src/app/router.tsx provides it from ROUTES): a screen asks
 * whether a route exists and is served without importing the table, which imports every screen.
 */
import { createContext, useContext } from 'react';
import type { AppRoute } from './routeModel';

export type FindRoute = (path: string) => AppRoute | undefined;

/** Outside the app's router (a screen rendered alone in a test) no route is known, so no link to one is offered. */
export const RouteLookupContext = createContext<FindRoute>(() => undefined);

export const useFindRoute = (): FindRoute => useContext(RouteLookupContext);
