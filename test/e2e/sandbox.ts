import type { APIRequestContext, Page, Response } from '@playwright/test';

/** Reads the sandbox's view of the world: the SMS/email outbox, captcha answers, the server clock. */
export interface SandboxMessage { channel: 'sms' | 'email'; to: string; subject?: string | null; body: string; createdAt: string }

export async function messagesTo(request: APIRequestContext, to: string): Promise<SandboxMessage[]> {
  const res = await request.get(`/sandbox/api/messages?to=${encodeURIComponent(to)}`);
  if (!res.ok()) throw new Error(`sandbox messages: ${res.status()}`);
  const body = (await res.json()) as { data?: { messages: SandboxMessage[] }; messages?: SandboxMessage[] };
  return body.data?.messages ?? body.messages ?? [];
}

/** The newest 6-digit code sent to a phone. */
export async function latestCode(request: APIRequestContext, phone: string): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const [latest] = await messagesTo(request, phone);
    const code = latest?.body.match(/\b(\d{6})\b/)?.[1];
    if (code) return code;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no code sent to ${phone}`);
}

export async function captchaAnswer(request: APIRequestContext, token: string): Promise<string> {
  const res = await request.get(`/sandbox/api/captcha/${encodeURIComponent(token)}`);
  if (!res.ok()) throw new Error(`sandbox captcha: ${res.status()}`);
  const body = (await res.json()) as { data?: { answer: string }; answer?: string };
  return body.data?.answer ?? body.answer ?? '';
}

export async function advanceClock(request: APIRequestContext, ms: number): Promise<void> {
  const res = await request.post('/sandbox/api/clock/advance', { data: { ms } });
  if (!res.ok()) throw new Error(`sandbox clock: ${res.status()}`);
}

/** Keeps the token of the newest image captcha the page loaded (from the X-IMAGE-CODE-TOKEN response header). */
export function watchCaptcha(page: Page): { token(): Promise<string> } {
  let latest: Promise<string> | null = null;
  page.on('response', (res: Response) => {
    if (res.url().includes('/gateway/pcapp/createImg')) latest = Promise.resolve(res.headers()['x-image-code-token'] ?? '');
  });
  return {
    async token() {
      for (let i = 0; i < 100 && !latest; i++) await page.waitForTimeout(50);
      if (!latest) throw new Error('no captcha loaded');
      return latest;
    },
  };
}
