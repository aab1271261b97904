import { ofetch, FetchError } from 'ofetch';
import type { BodyOf, DataOf, EndpointDef, Envelope, QueryOf } from '../contract/endpoint';
import { SUCCESS_CODE } from '../contract/errors';
import { CHANNEL, CHANNEL_HEADER } from '../contract/sessionCookies';

/** Spec section 7: timeout 600000 ms. */
export const REQUEST_TIMEOUT_MS = 600_000;
export const PLATFORM = 'pc';
export { CHANNEL };

/** What the client needs from the app: kept as hooks so src/api reaches into no UI store or window.location. */
export interface ClientHooks {
  getLanguage(): string;
  getPlatform(): string;
  getActivationCode(): string | null;
  /** The local key `contentType` selects form or JSON encoding (spec section 3). */
  getContentType(): 'json' | 'form';
  onRequestStart(): void;
  onRequestEnd(): void;
  /** Called once for every failed call unless the caller handles errors itself (`silent`). */
  onError(error: ApiError): void;
}

const noop = () => {};
let hooks: ClientHooks = {
  getLanguage: () => 'en',
  getPlatform: () => PLATFORM,
  getActivationCode: () => null,
  getContentType: () => 'json',
  onRequestStart: noop,
  onRequestEnd: noop,
  onError: noop,
};
export const configureClient = (h: Partial<ClientHooks>) => { hooks = { ...hooks, ...h }; };

/** A failed call: `code` is a catalogue code or 'http' for a transport failure; `status` is the HTTP status (0 when none). */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface CallOptions<E> {
  body?: BodyOf<E>;
  query?: QueryOf<E>;
  headers?: Record<string, string>;
  /** The caller shows the error itself (a field message, a chart state): no global dialog or toast. */
  silent?: boolean;
  /** No loading overlay (background refreshes, countdowns). */
  background?: boolean;
  signal?: AbortSignal;
  baseURL?: string;
}

let baseURL = '';
export const setBaseURL = (url: string) => { baseURL = url; };

const toForm = (body: Record<string, unknown>) => {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(body)) if (v !== undefined && v !== null) params.set(k, String(v));
  return params;
};

export const headersFor = (extra?: Record<string, string>): Record<string, string> => {
  const h: Record<string, string> = {
    'PLAT-FORM': hooks.getPlatform(),
    [CHANNEL_HEADER]: CHANNEL,
    Language: hooks.getLanguage(),
    ...extra,
  };
  const activation = hooks.getActivationCode();
  if (activation) h['ACTIVATION-CODE'] = activation;
  return h;
};

/** Calls one contract endpoint and answers its `data`, or throws ApiError. */
export async function call<E extends EndpointDef>(endpoint: E, options: CallOptions<E> = {}): Promise<DataOf<E>> {
  const encoding = endpoint.encoding ?? hooks.getContentType();
  const rawBody = options.body as Record<string, unknown> | undefined;
  const body = rawBody === undefined ? undefined : encoding === 'form' ? toForm(rawBody) : rawBody;
  if (!options.background) hooks.onRequestStart();
  try {
    const res = await ofetch<Envelope<unknown>>(endpoint.path, {
      baseURL: options.baseURL ?? baseURL,
      method: endpoint.method,
      query: options.query as Record<string, unknown> | undefined,
      body: body as BodyInit | Record<string, unknown> | undefined,
      headers: headersFor(options.headers),
      timeout: REQUEST_TIMEOUT_MS,
      retry: 0,
      signal: options.signal,
    });
    if (res.code !== SUCCESS_CODE) throw new ApiError(res.code, res.message, 200, res.data);
    const parsed = endpoint.response.safeParse(res.data);
    if (!parsed.success) throw new ApiError('90001', '', 200);
    return parsed.data as DataOf<E>;
  } catch (e) {
    const error = toApiError(e);
    if (!options.silent) hooks.onError(error);
    throw error;
  } finally {
    if (!options.background) hooks.onRequestEnd();
  }
}

export const toApiError = (e: unknown): ApiError => {
  if (e instanceof ApiError) return e;
  if (e instanceof FetchError) {
    const status = e.response?.status ?? (e.name === 'AbortError' || /timeout/i.test(e.message) ? 408 : 502);
    const data = e.data as Partial<Envelope<unknown>> | undefined;
    if (data && typeof data.code === 'string') return new ApiError(data.code, data.message ?? '', status, data.data);
    return new ApiError('http', '', status);
  }
  return new ApiError('http', '', 101);
};

/** Fetches the image captcha: a data: URL of the SVG for <img> and the token for X-IMAGE-CODE-TOKEN. */
export async function fetchCaptcha(path: string): Promise<{ imageUrl: string; token: string }> {
  const res = await fetch(`${baseURL}${path}?t=${Date.now()}`, { headers: headersFor(), cache: 'no-store' });
  if (!res.ok) throw new ApiError('http', '', res.status);
  const token = res.headers.get('x-image-code-token') ?? '';
  const svg = await res.text();
  return { imageUrl: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`, token };
}

/** The image captcha headers the spec names (IMAGE-CODE, X-IMAGE-CODE-TOKEN). */
export const captchaHeaders = (code: string, token: string) => ({ 'IMAGE-CODE': code, 'X-IMAGE-CODE-TOKEN': token });

/** A raw (non-envelope) endpoint's body as a file, with the usual headers; an error envelope becomes an ApiError. */
export async function fetchFile(path: string, query: Record<string, string>): Promise<Blob> {
  const url = `${baseURL}${path}?${new URLSearchParams(query).toString()}`;
  hooks.onRequestStart();
  try {
    const res = await fetch(url, { headers: headersFor(), cache: 'no-store' });
    if (!res.ok) {
      const data = (await res.json().catch(() => null)) as Partial<Envelope<unknown>> | null;
      throw new ApiError(typeof data?.code === 'string' ? data.code : 'http', data?.message ?? '', res.status);
    }
    return await res.blob();
  } catch (e) {
    const error = toApiError(e);
    hooks.onError(error);
    throw error;
  } finally {
    hooks.onRequestEnd();
  }
}
