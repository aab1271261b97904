/**
 * The card payment SDK the merchant's page loads from the provider's origin (like Square's Web Payments SDK):
 * it defines window.PaySandbox (src/contract/cardSdk.ts). The card form is an iframe of the provider's origin;
 * the page talks to it by postMessage only, so its scripts never see the card number or the CVV.
 */
import type { CardForm, CardFormEvent, PaySandboxGlobal, TokenResult } from '../../../../contract/cardSdk';
import { SDK_GLOBAL } from '../../../../contract/cardSdk';
import { sandboxLanguage, sandboxText } from '../texts';
import { CARD_FORM_PATH, FRAME_PARAMS, PROTOCOL, isMessage, type FromFrame, type ToFramePayload } from './protocol';

/** The provider's origin, written into the script by the server that serves it. */
declare const __SANDBOX_ORIGIN__: string;

const ATTACH_TIMEOUT_MS = 20_000;

const randomChannel = () => Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, '0')).join('');

class SandboxCard implements CardForm {
  private iframe: HTMLIFrameElement | null = null;
  private ready = false;
  private readonly channel = randomChannel();
  private readonly listeners = new Set<(event: CardFormEvent) => void>();
  private readonly pending = new Map<number, (result: TokenResult) => void>();
  private nextId = 1;
  private onReady: (() => void) | null = null;

  constructor(private readonly applicationId: string, private readonly locationId: string, private lang: string) {}

  async attach(target: string | HTMLElement): Promise<void> {
    const host = typeof target === 'string' ? document.querySelector<HTMLElement>(target) : target;
    if (!host) throw new Error(`PaySandbox: no element matches ${String(target)}`);
    if (this.iframe) throw new Error('PaySandbox: this card form is already attached');
    const src = new URL(CARD_FORM_PATH, __SANDBOX_ORIGIN__);
    src.searchParams.set(FRAME_PARAMS.applicationId, this.applicationId);
    src.searchParams.set(FRAME_PARAMS.locationId, this.locationId);
    src.searchParams.set(FRAME_PARAMS.lang, this.lang);
    src.searchParams.set(FRAME_PARAMS.parent, window.location.origin);
    src.searchParams.set(FRAME_PARAMS.channel, this.channel);
    const iframe = document.createElement('iframe');
    iframe.src = src.toString();
    iframe.title = this.title();
    iframe.setAttribute('style', 'display:block;width:100%;min-width:0;height:15rem;border:0;overflow:hidden;color-scheme:light');
    iframe.setAttribute('scrolling', 'no');
    this.iframe = iframe;
    window.addEventListener('message', this.onMessage);
    const loaded = new Promise<void>((resolve, reject) => {
      const timer = window.setTimeout(() => reject(new Error('PaySandbox: the card form did not load')), ATTACH_TIMEOUT_MS);
      this.onReady = () => { window.clearTimeout(timer); resolve(); };
    });
    host.appendChild(iframe);
    await loaded;
  }

  tokenize(): Promise<TokenResult> {
    const frame = this.iframe?.contentWindow;
    if (!this.ready || !frame) {
      return Promise.resolve({ status: 'Error', errors: [{ type: 'notAttached', message: sandboxText(sandboxLanguage(this.lang), 'error.unavailable') }] });
    }
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.pending.set(id, resolve);
      this.post({ type: 'tokenize', id });
    });
  }

  async destroy(): Promise<void> {
    window.removeEventListener('message', this.onMessage);
    this.iframe?.remove();
    this.iframe = null;
    this.ready = false;
    for (const resolve of this.pending.values()) resolve({ status: 'Error', errors: [{ type: 'destroyed', message: sandboxText(sandboxLanguage(this.lang), 'error.unavailable') }] });
    this.pending.clear();
  }

  setLanguage(lang: string): void {
    this.lang = lang;
    if (this.iframe) this.iframe.title = this.title();
    if (this.ready) this.post({ type: 'setLanguage', lang });
  }

  addEventListener(_type: 'change', listener: (event: CardFormEvent) => void): void { this.listeners.add(listener); }
  removeEventListener(_type: 'change', listener: (event: CardFormEvent) => void): void { this.listeners.delete(listener); }

  private title(): string { return sandboxText(sandboxLanguage(this.lang), 'form.title'); }

  private post(message: ToFramePayload) {
    this.iframe?.contentWindow?.postMessage({ ...message, protocol: PROTOCOL, channel: this.channel }, __SANDBOX_ORIGIN__);
  }

  /** Only the card form of this card, from the provider's origin, is listened to. */
  private readonly onMessage = (event: MessageEvent) => {
    if (event.origin !== __SANDBOX_ORIGIN__ || !this.iframe || event.source !== this.iframe.contentWindow) return;
    if (!isMessage(event.data, this.channel)) return;
    const message = event.data as FromFrame;
    switch (message.type) {
      case 'ready':
        this.ready = true;
        this.resize(message.height);
        if (this.lang) this.post({ type: 'setLanguage', lang: this.lang });
        this.onReady?.();
        break;
      case 'resize':
        this.resize(message.height);
        break;
      case 'change':
        for (const listener of this.listeners) listener({ complete: message.complete, field: message.field });
        break;
      case 'result': {
        const resolve = this.pending.get(message.id);
        this.pending.delete(message.id);
        resolve?.(message.result);
        break;
      }
    }
  };

  private resize(height: number) {
    if (this.iframe && Number.isFinite(height) && height > 0) this.iframe.style.height = `${Math.ceil(height)}px`;
  }
}

const APPLICATION_ID = /^sandbox-sq0idb-[A-Za-z0-9_-]{10,64}$/;

const global: PaySandboxGlobal = {
  payments(applicationId: string, locationId: string) {
    if (!APPLICATION_ID.test(applicationId)) throw new Error('PaySandbox: the application id is not a sandbox application id');
    if (!locationId) throw new Error('PaySandbox: a location id is required');
    return { card: async (options?: { lang?: string }) => new SandboxCard(applicationId, locationId, options?.lang ?? document.documentElement.lang ?? 'en') };
  },
};

(window as unknown as Record<string, unknown>)[SDK_GLOBAL] = global;
