import { z } from 'zod';

/** Every gateway answer has this shape; `code` is '200' on success or a catalogue code (spec section 8). */
export const envelope = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.string(), message: z.string(), data: data.optional() });

export type Envelope<T> = { code: string; message: string; data?: T };

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * A schema of either zod API: the classic one, or zod/mini, which the contract of the public pages' first load uses
 * (src/contract/catalog.ts, decision 0023). Both parse with the same core and give the same issues.
 */
export type Schema = z.core.$ZodType & {
  parse(data: unknown): unknown;
  safeParse(data: unknown): { success: true; data: unknown; error?: undefined } | { success: false; data?: undefined; error: z.core.$ZodError };
};

/**
 * One endpoint, defined once and used by both the fetch client (src/api/client.ts) and the Fastify gateway.
 * `body`/`query` are validated on the server (always) and may be used by the client for instant field errors.
 * `headers` lists the request headers the endpoint reads (documentation + server validation).
 * `auth`: 'required' sends 401 without a valid Bearer token; 'optional' reads it when present; 'staff' sends 401 without
 * a staff session (the staff console's cookie or token; a customer's token is not one).
 */
export interface EndpointDef<
  B extends Schema | undefined = Schema | undefined,
  Q extends Schema | undefined = Schema | undefined,
  R extends Schema = Schema,
> {
  id: string;
  method: HttpMethod;
  path: string;
  summary: string;
  body?: B;
  query?: Q;
  /** zod schema of `data` in the success envelope. */
  response: R;
  /** 'staff': the staff console's own session (issue 16), never a customer's. */
  auth?: 'required' | 'optional' | 'none' | 'staff';
  /** Request headers the endpoint reads, e.g. the image captcha pair. */
  headers?: readonly string[];
  /** Body encoding: 'json' (default) or 'form' (application/x-www-form-urlencoded). */
  encoding?: 'json' | 'form';
  /** Raw (non-envelope) response such as an image. */
  raw?: boolean;
}

export const defineEndpoint = <
  B extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
  R extends Schema = Schema,
>(def: EndpointDef<B, Q, R>) => def;

export type BodyOf<E> = E extends EndpointDef<infer B, Schema | undefined, Schema> ? (B extends Schema ? z.input<B> : undefined) : never;
export type QueryOf<E> = E extends EndpointDef<Schema | undefined, infer Q, Schema> ? (Q extends Schema ? z.input<Q> : undefined) : never;
export type DataOf<E> = E extends EndpointDef<Schema | undefined, Schema | undefined, infer R> ? z.output<R> : never;

export const GATEWAY = '/gateway';
export const PCAPP = '/gateway/pcapp/api/v1';
