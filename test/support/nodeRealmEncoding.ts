/**
 * esbuild (the payment sandbox bundles its browser scripts with it when it starts) checks at load that
 * `new TextEncoder().encode('') instanceof Uint8Array`. Under Vitest's jsdom environment the global Uint8Array is the
 * DOM window's while TextEncoder is Node's, so the check fails. Encoding into the global's Uint8Array lets the
 * in-process gateway start in a screen test; import this module before anything that loads the gateway.
 */
const NodeTextEncoder = globalThis.TextEncoder;
if (typeof window !== 'undefined' && !(new NodeTextEncoder().encode('') instanceof Uint8Array)) {
  class RealmTextEncoder extends NodeTextEncoder {
    override encode(input?: string): Uint8Array<ArrayBuffer> {
      return new Uint8Array(super.encode(input)) as Uint8Array<ArrayBuffer>;
    }
  }
  globalThis.TextEncoder = RealmTextEncoder as typeof TextEncoder;
}
/**
 * The same two realms again in the gateway's replies: Fastify sends a Buffer as bytes only when
 * `payload.buffer instanceof ArrayBuffer`, and under jsdom the global ArrayBuffer is the window's while a Buffer's is
 * Node's, so the catalogue's kept bytes (src/server/http/compression.ts, sendShared) were serialised as JSON
 * (`{"type":"Buffer","data":[...]}`). An ArrayBuffer of either realm is one here, as it is in Node.
 */
const NodeArrayBuffer = Object.getPrototypeOf(Buffer.alloc(0).buffer).constructor as ArrayBufferConstructor;
if (typeof window !== 'undefined' && !(Buffer.alloc(0).buffer instanceof ArrayBuffer)) {
  const isArrayBuffer = (value: unknown) => value instanceof NodeArrayBuffer || Object.prototype.toString.call(value) === '[object ArrayBuffer]';
  Object.defineProperty(globalThis.ArrayBuffer, Symbol.hasInstance, { value: isArrayBuffer, configurable: true });
}
export {};
