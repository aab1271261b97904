import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router-dom';
import { CORE_NAMESPACES, i18n, initI18n } from '../../i18n';
import { setupApiClient } from './api';
import { setNavigator } from './navigation';
import { createAppRouter } from './router';
import './styles.css';

async function start() {
  // The shell's namespaces in the active language (and the English fallback) load before the first paint; each
  // route's screen loads its own with its code (src/app/router.tsx), so no key is ever shown.
  await initI18n(undefined, { namespaces: CORE_NAMESPACES });
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
