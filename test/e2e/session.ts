import { endpoints } from '../../src/contract';
import type { APIRequestContext, Page } from './fixtures';
import { captchaAnswer } from './sandbox';

/** The app's OAuth client, as /login sends it. */
const BASIC = `Basic ${Buffer.from('eshop:eshop').toString('base64')}`;

/** A fresh image code and its answer, read from the sandbox, as the headers /login sends with them. */
export async function captchaHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  const img = await request.get(endpoints.createImg.path);
  const token = img.headers()['x-image-code-token']!;
  return { 'IMAGE-CODE': await captchaAnswer(request, token), 'X-IMAGE-CODE-TOKEN': token };
}

/** A session of the customer, made as /login makes it: the password grant with the image code. */
export async function sessionToken(request: APIRequestContext, username: string, password: string): Promise<string> {
  const res = await request.post(`${endpoints.oauthToken.path}?grant_type=password&scope=all`, {
    form: { grant_type: 'password', username, password }, headers: { Authorization: BASIC, ...await captchaHeaders(request) },
  });
  if (!res.ok()) throw new Error(`login of ${username}: ${res.status()}`);
  return ((await res.json()) as { data: { access_token: string } }).data.access_token;
}

/** The browser's session as the gateway sets it at login (decision 0013): the token HttpOnly, the marker readable. */
export async function addSessionCookies(page: Page, token: string, baseURL: string): Promise<void> {
  await page.context().addCookies([
    { name: 'Admin-Token', value: token, url: baseURL, httpOnly: true, sameSite: 'Lax' },
    { name: 'Logged-In', value: 'e2e-session', url: baseURL, sameSite: 'Lax' },
  ]);
}
