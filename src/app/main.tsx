import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router-dom';
import { CORE_NAMESPACES, i18n, initI18n, initialLanguage } from '../../i18n';
import { setupApiClient } from './api';
import type { PrerenderedState } from './entry-server';
import { setNavigator } from './navigation';
import { createAppRouter, loadMatchedRoutes, yieldToBrowser } from './router';
import { isLoggedIn } from './session';
import { keepServerDocument } from './layout/useDocumentMeta';
import './styles.css';

/** What the server rendered this page with (src/app/entry-server.tsx), when it did (decision 0022). */
function readPrerendered(): PrerenderedState | null {
  const text = document.getElementById('prerendered')?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as PrerenderedState;
  } catch {
    return null;
  }
}

/**
 * What a visitor typed or picked in the server's HTML before the scripts ran: hydration keeps it on screen but React
 * takes the field's value as unchanged, so the form would not know it. Each such field reports it as the change it is
 * (React's value tracker is set back to the HTML's value, then the browser's own event is sent).
 */
function reportEarlyInput(container: HTMLElement) {
  for (const field of container.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')) {
    const tracker = (field as unknown as { _valueTracker?: { setValue(value: string): void } })._valueTracker;
    if (!tracker) continue;
    if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
      if (field.checked === field.defaultChecked || (field.type === 'radio' && !field.checked)) continue;
      tracker.setValue(String(field.defaultChecked));
      field.dispatchEvent(new Event('click', { bubbles: true }));
    } else if (field.value !== field.defaultValue) {
      tracker.setValue(field.defaultValue);
      field.dispatchEvent(new Event('input', { bubbles: true }));
    }
  }
}

/** Says on <html> that the first render is committed (hydrated, or rendered here): tests and tools wait for it. */
function Committed({ hydrated }: { hydrated: boolean }) {
  useEffect(() => {
    if (hydrated) reportEarlyInput(document.getElementById('root')!);
    document.documentElement.dataset.hydrated = 'true';
  }, [hydrated]);
  return null;
}

async function start() {
  const container = document.getElementById('root')!;
  const prerendered = readPrerendered();
  const language = initialLanguage();
  // The server rendered the page from the same cookies, so it agrees unless this tab chose another language than the
  // latest choice of the browser session (two tabs) or a session began or ended meanwhile: then the page is rendered
  // here, in this tab's language, over the server's HTML.
  const hydrate = prerendered !== null && prerendered.language === language && prerendered.loggedIn === isLoggedIn();
  // The shell's namespaces in the active language (and the English fallback) load before the first paint; each
  // route's screen loads its own with its code (src/app/router.tsx), so no key is ever shown. A prerendered page also
  // loads every namespace it used, and the code of its route, before hydrating.
  await initI18n(language, { namespaces: [...new Set([...CORE_NAMESPACES, ...(prerendered?.namespaces ?? [])])] });
  if (prerendered) {
    // A painted page waits for nothing: each step is a task of its own, so the visitor's taps are answered between them.
    await yieldToBrowser();
    await loadMatchedRoutes(window.location.pathname);
    await yieldToBrowser();
  }
  setupApiClient();
  const router = createAppRouter(prerendered?.router);
  setNavigator((to, opts) => { void router.navigate(to, opts); });
  const app = (
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <RouterProvider router={router} />
        <Committed hydrated={hydrate} />
      </I18nextProvider>
    </StrictMode>
  );
  if (hydrate) {
    keepServerDocument(window.location.pathname + window.location.search, language);
    // In a transition, hydration works in slices and lets the browser answer the visitor in between: the page is
    // already painted, and one long task would hold up the first tap (Total Blocking Time).
    startTransition(() => {
      hydrateRoot(container, app, {
        // React renders the page anew after such an error; said on the console, where the prerender test looks.
        onRecoverableError: (error) => { console.error('hydration error:', error); },
      });
    });
  } else {
    createRoot(container).render(app);
  }
}

void start();
