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

/**
 * The gateway answered a status other than 2xx; `data` is its body (the error envelope when it sent one, else the
 * text). The client's whole transport is `fetch` and this: the first load of every page carries it (decision 0023).
 */
class HttpStatusError extends Error {
  constructor(readonly status: number, readonly data: unknown) {
    super(`HTTP ${status}`);
    this.name = 'HttpStatusError';
  }
}

const withQuery = (url: string, query?: Record<string, unknown>): string => {
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null) continue;
    for (const item of Array.isArray(v) ? v : [v]) params.append(k, typeof item === 'object' ? JSON.stringify(item) : String(item));
  }
  const qs = params.toString();
  return qs ? `${url}${url.includes('?') ? '&' : '?'}${qs}` : url;
};

interface SendOptions {
  method: string;
  query?: Record<string, unknown>;
  body?: URLSearchParams | Record<string, unknown>;
  headers: Record<string, string>;
  signal?: AbortSignal;
}

/** One request: JSON or form body, the JSON answer parsed (kept as text when it is not JSON), the spec's timeout. */
async function send(url: string, options: SendOptions): Promise<unknown> {
  const headers = new Headers(options.headers);
  let body: BodyInit | undefined;
  if (options.body instanceof URLSearchParams) body = options.body;
  else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    if (!headers.has('content-type')) headers.set('content-type', 'application/json');
    if (!headers.has('accept')) headers.set('accept', 'application/json');
  }
  let signal = options.signal;
  let timer: ReturnType<typeof setTimeout> | undefined;
  if (!signal) {
    const controller = new AbortController();
    timer = setTimeout(() => controller.abort(Object.assign(new Error('timeout'), { name: 'TimeoutError' })), REQUEST_TIMEOUT_MS);
    signal = controller.signal;
  }
  try {
    const res = await fetch(withQuery(url, options.query), { method: options.method, headers, body, signal });
    const text = res.status === 204 || options.method === 'HEAD' ? '' : await res.text();
    let data: unknown = text || undefined;
    try { if (text) data = JSON.parse(text); } catch { /* not JSON: kept as text */ }
    if (!res.ok) throw new HttpStatusError(res.status, data);
    return data;
  } finally {
    if (timer) clearTimeout(timer);
  }
}

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
    const res = await send(`${options.baseURL ?? baseURL}${endpoint.path}`, {
      method: endpoint.method,
      query: options.query as Record<string, unknown> | undefined,
      body,
      headers: headersFor(options.headers),
      signal: options.signal,
    }) as Envelope<unknown>;
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
  if (e instanceof HttpStatusError) {
    const data = e.data as Partial<Envelope<unknown>> | undefined;
    if (data && typeof data === 'object' && typeof data.code === 'string') return new ApiError(data.code, data.message ?? '', e.status, data.data);
    return new ApiError('http', '', e.status);
  }
  const name = (e as { name?: unknown } | null)?.name;
  // Aborted or timed out: 408; the network failed (fetch rejects with a TypeError): 502.
  if (name === 'AbortError' || name === 'TimeoutError') return new ApiError('http', '', 408);
  if (e instanceof TypeError) return new ApiError('http', '', 502);
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

/**
 * Sends a file as the request's body (the dual number's ID photos: the gateway reads the bytes, never a name) to a
 * contract endpoint, and answers its `data` or throws ApiError like `call`.
 */
export async function uploadFile<E extends EndpointDef>(endpoint: E, file: Blob, options: Pick<CallOptions<E>, 'query' | 'silent'> = {}): Promise<DataOf<E>> {
  hooks.onRequestStart();
  try {
    const res = await fetch(withQuery(`${baseURL}${endpoint.path}`, options.query as Record<string, unknown> | undefined), {
      method: endpoint.method, body: file, headers: headersFor({ 'content-type': file.type || 'application/octet-stream', accept: 'application/json' }),
    });
    const data = (await res.json().catch(() => null)) as Envelope<unknown> | null;
    if (!res.ok || !data || data.code !== SUCCESS_CODE) {
      if (data && typeof data.code === 'string') throw new ApiError(data.code, data.message ?? '', res.status, data.data);
      throw new ApiError('http', '', res.status);
    }
    const parsed = endpoint.response.safeParse(data.data);
    if (!parsed.success) throw new ApiError('90001', '', 200);
    return parsed.data as DataOf<E>;
  } catch (e) {
    const error = toApiError(e);
    if (!options.silent) hooks.onError(error);
    throw error;
  } finally {
    hooks.onRequestEnd();
  }
}
