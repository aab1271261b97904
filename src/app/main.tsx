import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router-dom';
import { i18n, initI18n } from '../../i18n';
import { setupApiClient } from './api';
import { setNavigator } from './navigation';
import { createAppRouter } from './router';
import './styles.css';

async function start() {
  // The active language (and the English fallback) load before the first paint, so no key is ever shown.
  await initI18n();
  setupApiClient();
  const router = createAppRouter();
  setNavigator((to, opts) => { void router.navigate(to, opts); });
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nextProvider>
    </StrictMode>,
  );
}

void start();
