/**
 * The screen depth's gateway: an in-process test server (test/support/server.ts) that the app's fetch client calls,
 * with the client wired as the app wires it and the screens in English.
 */
import { i18n, initI18n } from '../../../i18n';
import { setBaseURL } from '../../../src/api/client';
import { setupApiClient } from '../../../src/app/api';
import { startTestServer, type TestServer } from '../../support/server';
import { withBrowserCookies } from '../../support/browserCookies';

export async function startScreenDepthServer(): Promise<TestServer> {
  const server = await startTestServer();
  setBaseURL(server.url);
  setupApiClient();
  await initI18n('en');
  await i18n.changeLanguage('en');
  return server;
}

/**
 * The browser's fetch as a screen depth needs it: every request comes from the path's own client address (per-IP
 * limits stay per path), the token of the newest image captcha is read from its response header, as the
 * browser's fetch sees it, and cookies are kept and sent as the browser does (the session, decision 0013).
 */
export function fetchAsClient(realFetch: typeof fetch, clientAddress: () => string, onCaptchaToken: (token: string) => void): typeof fetch {
  return withBrowserCookies(async (input, init) => {
    const headers = new Headers(init?.headers);
    headers.set('x-forwarded-for', clientAddress());
    const res = await realFetch(input, { ...init, headers });
    const token = res.headers.get('x-image-code-token');
    if (token) onCaptchaToken(token);
    return res;
  });
}
