/**
 * The screen depth's gateway: an in-process test server (test/support/server.ts) that the app's ofetch client calls,
 * with the client wired as the app wires it and the screens in English.
 */
import { i18n, initI18n } from '../../../i18n';
import { setBaseURL } from '../../../src/api/client';
import { setupApiClient } from '../../../src/app/api';
import { startTestServer, type TestServer } from '../../support/server';

export async function startScreenDepthServer(): Promise<TestServer> {
  const server = await startTestServer();
  setBaseURL(server.url);
  setupApiClient();
  await initI18n('en');
  await i18n.changeLanguage('en');
  return server;
}
