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
export {};
