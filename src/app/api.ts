/**
 * Wires the fetch client (src/api/client.ts) to the app: headers of spec section 7 from the session,
 * i18n and storage; the counted loading overlay; the error catalogue of spec section 8.
 */
import { configureClient, PLATFORM } from '../api/client';
import { i18n } from '../../i18n';
import { getItem } from '../storage';
import { showDialog, showToast } from './feedback';
import type { ErrorEffects } from './errorHandling';
import { endLoading, startLoading } from './loading';
import { currentPath, loginPath, navigateTo } from './navigation';
import { clearSession } from './session';

export const translateIfExists = (key: string): string | null => (i18n.exists(key) ? i18n.t(key) : null);

/** The site's effects for the session chart (one chart for the site: it is made once, with the first failure). */
const effects: ErrorEffects = {
  translate: translateIfExists,
  showDialog,
  showToast,
  clearSession,
  navigate: (to) => navigateTo(to),
  currentPath,
  loginPath,
};

export function setupApiClient(): void {
  configureClient({
    getLanguage: () => i18n.language || 'en',
    getPlatform: () => PLATFORM,
    getActivationCode: () => getItem('activity_code') || null,
    getContentType: () => (getItem('contentType') === 'form' ? 'form' : 'json'),
    onRequestStart: startLoading,
    onRequestEnd: endLoading,
    // The error catalogue and the session chart load with the first call that fails: never on a visitor's first load.
    onError: (error) => {
      void import('./errorHandling').then(({ handleError }) => handleError(error, effects));
    },
  });
}
