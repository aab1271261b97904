/**
 * The provider's card form in the page (decision 0005): GET payConfig, load the SDK from the provider's own
 * origin, attach its iframe where the payment panel asks for it, and tokenize on the chart's command. The page's
 * scripts never see the card number or CVV: the iframe answers a single-use token.
 */
import { fromCallback } from 'xstate';
import { call } from '../../api/client';
import { payConfig } from '../../contract/payments';
import { SDK_GLOBAL, type CardForm, type PaySandboxGlobal } from '../../contract/cardSdk';
import type { CardFormCommand, PaymentEvent } from '../../../machines/payment.machine';
import { i18n } from '../../../i18n';

/** Where the payment panel wants the iframe: it registers its element; the card form actor waits for it. */
function createSlot() {
  let element: HTMLElement | null = null;
  const waiting = new Set<(el: HTMLElement) => void>();
  return {
    /** A React ref callback: the panel's container, or null when it goes away. */
    attach(el: HTMLElement | null) {
      element = el;
      if (el) for (const resolve of [...waiting]) { waiting.delete(resolve); resolve(el); }
    },
    wait(): { promise: Promise<HTMLElement>; cancel(): void } {
      if (element) return { promise: Promise.resolve(element), cancel: () => undefined };
      let resolver: ((el: HTMLElement) => void) | null = null;
      const promise = new Promise<HTMLElement>((resolve) => { resolver = resolve; waiting.add(resolve); });
      return { promise, cancel: () => { if (resolver) waiting.delete(resolver); } };
    },
  };
}
export const cardFormSlot = createSlot();

const scripts = new Map<string, Promise<void>>();
/** Loads a script once; a failed load is forgotten so that "try again" loads it again. */
function loadScript(src: string): Promise<void> {
  const known = scripts.get(src);
  if (known) return known;
  const loading = new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => { script.remove(); scripts.delete(src); reject(new Error(`could not load ${src}`)); };
    document.head.appendChild(script);
  });
  scripts.set(src, loading);
  return loading;
}

const sdk = (): PaySandboxGlobal | undefined => (window as unknown as Record<string, PaySandboxGlobal | undefined>)[SDK_GLOBAL];

export const cardFormActor = fromCallback<CardFormCommand>(({ sendBack: toChart, receive }) => {
  const sendBack = (event: PaymentEvent) => toChart(event);
  let form: CardForm | null = null;
  let stopped = false;
  const slot = cardFormSlot.wait();
  const onLanguage = (lang: string) => form?.setLanguage(lang);

  void (async () => {
    try {
      const config = await call(payConfig, { silent: true, background: true });
      await loadScript(config.sdkUrl);
      const provider = sdk();
      if (!provider) throw new Error('the card SDK did not load');
      const el = await slot.promise;
      if (stopped) return;
      const created = await provider.payments(config.applicationId, config.locationId).card({ lang: i18n.language });
      await created.attach(el);
      if (stopped) { void created.destroy(); return; }
      form = created;
      i18n.on('languageChanged', onLanguage);
      sendBack({ type: 'cardForm.ready' });
    } catch (error) {
      if (!stopped) sendBack({ type: 'cardForm.failed', error });
    }
  })();

  receive((command) => {
    if (command.type !== 'cardForm.tokenize') return;
    if (!form) { sendBack({ type: 'cardForm.error', message: '' }); return; }
    form.tokenize().then((result) => {
      if (stopped) return;
      if (result.status === 'OK') sendBack({ type: 'cardForm.tokenized', token: result.token, details: result.details });
      else if (result.status === 'Invalid') sendBack({ type: 'cardForm.invalid', errors: result.errors });
      else sendBack({ type: 'cardForm.error', message: result.errors[0]?.message ?? '' });
    }, () => { if (!stopped) sendBack({ type: 'cardForm.error', message: '' }); });
  });

  return () => {
    stopped = true;
    slot.cancel();
    i18n.off('languageChanged', onLanguage);
    void form?.destroy();
  };
});
