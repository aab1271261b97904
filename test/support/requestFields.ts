/**
 * Reads a request schema of src/contract (zod 4) as a tree of fields: every place a client puts a value, with its
 * kind, and a request in which each field holds a value its own schema accepts. A test changes one field of that
 * request at a time, so the gateway's answer can only be about that field.
 *
 * The walk reads `schema._zod.def` (zod 4's definition object: `type` plus the parts of that type). A type it does
 * not know makes it throw, so a new kind of schema in the contract is noticed rather than skipped.
 */
import type { Schema as ContractSchema } from '../../src/contract/endpoint';

export type Path = (string | number)[];
/** text: any string field (formats and transforms included); choice: an enum, a literal or a union of them. */
export type FieldKind = 'text' | 'choice' | 'number' | 'boolean' | 'object' | 'array';
/**
 * `namedAt`: the field an answer about it names. Itself, except a discriminator inside a request (a union's `kind`):
 * the answer names the union's field ("Number", "Wi-Fi calling"), which is what the customer chose.
 */
export interface RequestField { path: Path; kind: FieldKind; namedAt: Path }
/** One way to fill the request: a value and the fields it contains (a discriminated union gives one per option). */
export interface Filling { value: unknown; fields: RequestField[] }

interface Def {
  type: string;
  innerType?: Schema; in?: Schema; out?: Schema; element?: Schema;
  shape?: Record<string, Schema>; options?: Schema[]; discriminator?: string;
  entries?: Record<string, string | number>; values?: unknown[];
}
/** Either zod API (src/contract/endpoint.ts): the walk reads only the core's definitions. */
type Schema = ContractSchema;

const defOf = (schema: Schema): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional']);
const LEAF_KIND: Record<string, FieldKind> = { string: 'text', number: 'number', boolean: 'boolean', enum: 'choice', literal: 'choice' };

/** The schema under wrappers and the input side of pipes: what the client's value must be. */
function inputRoot(schema: Schema): Schema {
  const def = defOf(schema);
  if (WRAPPERS.has(def.type)) return inputRoot(def.innerType!);
  if (def.type === 'pipe') return inputRoot(def.in!);
  return schema;
}

function leafKind(schema: Schema): FieldKind | null {
  const def = defOf(inputRoot(schema));
  if (LEAF_KIND[def.type]) return LEAF_KIND[def.type]!;
  if (def.type === 'union' && !def.discriminator && def.options!.every((o) => leafKind(o) === 'choice')) return 'choice';
  return null;
}

/**
 * Values tried, in order, for a field that has no sample of its own name: the first its schema accepts is used.
 * A valid ICCID (19 digits with its Luhn check digit) is among them.
 */
const CANDIDATES: unknown[] = [
  'Probe', 'Probe Tester', 'probe@example.com', '6265550123', '123456', '626', '91730', 'CA', '1990-01-01', '测试',
  '8901260000000000006', 'Zq8#mWp3', 1, true, false,
];
/**
 * Samples by field name, for fields that must agree with another field (passwords and their confirmation, an old
 * and a new password, a ZIP code in its state) so that a sibling's rule never speaks before the field under test;
 * and for fields whose first fitting candidate would stop the request early: plan 1 of the seed (500MB) takes no
 * codes, and a billing address the same as shipping is never read.
 */
const SAMPLES: Record<string, unknown> = {
  password: 'Zq8#mWp3', newPassword: 'Zq8#mWp3', confirmPassword: 'Zq8#mWp3', confirm: 'Zq8#mWp3', oldPassword: 'Old#Pw91x',
  state: 'CA', zip: '91730', accountZip: '91730', planId: 2, billingSameAsShipping: false, month: '2026-11',
  imei: '354672141234565',
  // Issue 18, the Lunar New Year campaign: groups come in steps of 3 (0: the social post alone); forwarding is an instant.
  groups: 0, forwardedAt: '2026-11-27T10:00:00.000Z',
  // Issue 18, the student purchase: an address of an academic domain (decision 0045).
  eduEmail: 'probe@ucla.edu',
};

/**
 * Optional fields the base request leaves out, because filling them changes what the request asks: a global pack
 * as well as a plan, a plan for a card being activated, codes the gateway looks up before anything else. Each is
 * still probed, in a request that has it.
 */
const LEFT_OUT = new Set(['globalPackId', 'activationToken', 'couponCode', 'referralCode']);

function sampleFor(schema: Schema, path: Path): unknown {
  const name = [...path].reverse().find((p) => typeof p === 'string');
  const tries = name !== undefined && name in SAMPLES ? [SAMPLES[name], ...CANDIDATES] : CANDIDATES;
  const def = defOf(inputRoot(schema));
  const own = def.type === 'enum' ? Object.values(def.entries!) : def.type === 'literal' ? def.values! : [];
  for (const value of [...own, ...tries]) if (schema.safeParse(value).success) return value;
  throw new Error(`no sample value fits the field ${path.join('.') || '(request)'}: add one to CANDIDATES or SAMPLES in test/support/requestFields.ts`);
}

/** The ways to fill `schema` at `path`; the first is the base request. */
export function fillings(schema: Schema, path: Path = []): Filling[] {
  const kind = leafKind(schema);
  if (kind) return [{ value: sampleFor(schema, path), fields: [{ path, kind, namedAt: path }] }];
  const root = inputRoot(schema);
  const def = defOf(root);
  const self: RequestField[] = [{ path, kind: def.type === 'array' ? 'array' : 'object', namedAt: path }];
  switch (def.type) {
    case 'object': {
      const entries = Object.entries(def.shape!).map(([key, child]) => ({
        key, ways: fillings(child, [...path, key]), left: LEFT_OUT.has(key) && child.safeParse(undefined).success,
      }));
      const kept = entries.filter((e) => !e.left);
      const base = Object.fromEntries(kept.map((e) => [e.key, e.ways[0]!.value]));
      const result: Filling[] = [{ value: base, fields: [...self, ...kept.flatMap((e) => e.ways[0]!.fields)] }];
      for (const e of entries) {
        for (const way of e.left ? e.ways : e.ways.slice(1)) result.push({ value: { ...base, [e.key]: way.value }, fields: way.fields });
      }
      return result;
    }
    case 'union': {
      // A discriminated union (or a union of objects): each option is a way to fill the field.
      const discriminator = def.discriminator === undefined ? null : JSON.stringify([...path, def.discriminator]);
      const named = (f: RequestField): RequestField => (path.length > 0 && JSON.stringify(f.path) === discriminator ? { ...f, namedAt: path } : f);
      return def.options!.flatMap((option) => fillings(option, path))
        .map((way, i) => ({ value: way.value, fields: [...(i === 0 ? self : []), ...way.fields.map(named)] }));
    }
    case 'array': {
      const ways = fillings(def.element!, [...path, 0]);
      return [{ value: [ways[0]!.value], fields: [...self, ...ways[0]!.fields] }, ...ways.slice(1).map((way) => ({ value: [way.value], fields: way.fields }))];
    }
    default:
      throw new Error(`test/support/requestFields.ts does not know zod type '${def.type}' (at ${path.join('.') || 'the request'})`);
  }
}

/** Every field of the schema once, each with a request that is the base except along the field's own branch. */
export function requestFields(schema: Schema): { field: RequestField; request: unknown }[] {
  const seen = new Set<string>();
  const out: { field: RequestField; request: unknown }[] = [];
  for (const way of fillings(schema)) {
    for (const field of way.fields) {
      const key = JSON.stringify(field.path);
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({ field, request: way.value });
    }
  }
  return out;
}

/** A copy of `request` with `value` at `path` (the path exists in it). */
export function withValue(request: unknown, path: Path, value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  if (Array.isArray(request)) return request.map((item, i) => (i === head ? withValue(item, rest, value) : item));
  const obj = request as Record<string, unknown>;
  return { ...obj, [head!]: withValue(obj[head!], rest, value) };
}

/** The value at `path` of `request`. */
export const valueAt = (request: unknown, path: Path): unknown =>
  path.reduce<unknown>((node, key) => (node as Record<string | number, unknown>)[key], request);
