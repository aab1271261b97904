import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';
import { insertPaidOrder, runJobs } from './fulfilmentFixtures';

describe('sandbox inbox shows HTML emails as a mail client would, safely', () => {
  let server: TestServer;
  beforeAll(async () => { server = await startTestServer(); });
  afterAll(async () => { await server?.close(); });

  it('draws the eSIM email with its QR image inside a sandboxed frame, the text part one click away', async () => {
    const { email } = await insertPaidOrder(server, { simType: 'esim' });
    await runJobs(server);
    const page = await (await fetch(new URL(`/sandbox/inbox?to=${encodeURIComponent(email)}`, server.url))).text();
    const frames = [...page.matchAll(/<iframe sandbox="" title="([^"]*)" srcdoc="([^"]*)"/g)];
    expect(frames.map((f) => f[1])).toEqual([expect.stringMatching(/^Your eSIM QR code/), expect.stringMatching(/^Order .* confirmed/)]);
    // The email's own markup is escaped into the attribute: it cannot close the frame or run in the inbox page.
    expect(frames[0]![2]).toContain('&lt;img src=&quot;data:image/png;base64,');
    expect(page).not.toMatch(/<img src="data:/);
    expect(page).toContain('<details><summary>Plain text</summary><pre>');

    const api = await (await fetch(new URL(`/sandbox/api/messages?to=${encodeURIComponent(email)}`, server.url))).json() as { data: { messages: { html: string | null; body: string }[] } };
    expect(api.data.messages[0]!.html).toMatch(/^<!doctype html><html lang="en">/);
    expect(api.data.messages[0]!.body).toContain('LPA:1$');
  });

  it('still shows a text-only message as text', async () => {
    await server.app.deps.messages.sendEmail('text.only@example.com', 'Plain', 'Just <b>text</b>');
    const page = await (await fetch(new URL('/sandbox/inbox?to=text.only@example.com', server.url))).text();
    expect(page).toContain('Just &lt;b&gt;text&lt;/b&gt;');
    expect(page).not.toContain('<iframe');
    const api = await (await fetch(new URL('/sandbox/api/messages?to=text.only@example.com', server.url))).json() as { data: { messages: { html: string | null }[] } };
    expect(api.data.messages[0]!.html).toBeNull();
  });
});
