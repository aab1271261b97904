/**
 * The usage pages of spec section 2 ("Usage records: /callrecord, /internet, /message, /recharge (filtered by usage
 * type and month)"): which type each path shows, the query a page's URL asks for, and the data allowance the
 * portal's card shows (read from the gateway here, so screens never call the API).
 */
import { useEffect, useState } from 'react';
import { call } from '../api/client';
import { dataAllowance, usageQuery, type DataAllowance, type UsageQuery, type UsageType } from '../contract/usage';

export const USAGE_PATHS: Record<UsageType, string> = {
  voice: '/callrecord', data: '/internet', sms: '/message', topup: '/recharge',
};

export const usageTypeOfPath = (pathname: string): UsageType =>
  (Object.entries(USAGE_PATHS).find(([, path]) => path === pathname)?.[0] as UsageType | undefined) ?? 'voice';

/** A page's URL for a type and filters (the page number left out on the first page). */
export function usageHref(type: UsageType, filters: { month?: string; direction?: string | null; page?: number }): string {
  const params = new URLSearchParams();
  if (filters.month) params.set('month', filters.month);
  if (filters.direction && (type === 'voice' || type === 'sms')) params.set('direction', filters.direction);
  if (filters.page && filters.page > 1) params.set('page', String(filters.page));
  const query = params.toString();
  return `${USAGE_PATHS[type]}${query ? `?${query}` : ''}`;
}

/** The query of a page's URL, through the contract's own rules: a value the gateway would refuse is left out. */
export function usageQueryFromUrl(url: URL): UsageQuery {
  const type = usageTypeOfPath(url.pathname);
  const query: UsageQuery = { type };
  const month = url.searchParams.get('month');
  const direction = url.searchParams.get('direction');
  const page = url.searchParams.has('page') ? Number(url.searchParams.get('page')) : undefined;
  for (const candidate of [{ type, month }, { type, direction }, { type, page }]) {
    const parsed = usageQuery.safeParse(candidate);
    if (parsed.success) Object.assign(query, Object.fromEntries(Object.entries(parsed.data).filter(([, v]) => v !== undefined)));
  }
  return query;
}

export type DataAllowanceState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; allowance: DataAllowance };

/** The high-speed data of the plan in its cycle, read once when the card shows (and again when `refresh` changes). */
export function useDataAllowance(refresh: unknown = null): DataAllowanceState {
  const [state, setState] = useState<DataAllowanceState>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    call(dataAllowance, { silent: true, background: true })
      .then((allowance) => { if (live) setState({ status: 'ready', allowance }); })
      .catch(() => { if (live) setState({ status: 'error' }); });
    return () => { live = false; };
  }, [refresh]);
  return state;
}
