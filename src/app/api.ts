/**
 * Wires the fetch client (src/api/client.ts) to the app: headers of spec section 7 from the session,
 * i18n and storage; the counted loading overlay; the error catalogue of spec section 8.
 */
import { configureClient, PLATFORM } from '../api/client';
import { i18n } from '../../i18n';
import { getItem } from '../storage';
import { showDialog, showToast } from './feedback';
import { handleError } from './errorHandling';
import { endLoading, startLoading } from './loading';
import { currentPath, loginPath, navigateTo } from './navigation';
import { clearSession } from './session';

export const translateIfExists = (key: string): string | null => (i18n.exists(key) ? i18n.t(key) : null);

export function setupApiClient(): void {
  configureClient({
    getLanguage: () => i18n.language || 'en',
    getPlatform: () => PLATFORM,
    getActivationCode: () => getItem('activity_code') || null,
    getContentType: () => (getItem('contentType') === 'form' ? 'form' : 'json'),
    onRequestStart: startLoading,
    onRequestEnd: endLoading,
    onError: (error) => {
      handleError(error, {
        translate: translateIfExists,
        showDialog,
        showToast,
        clearSession,
        navigate: (to) => navigateTo(to),
        currentPath,
        loginPath,
      });
    },
  });
}
