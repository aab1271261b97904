/**
 * A merchant's notify_url for tests: records what WeChat Pay (the sandbox) posts, and answers with the statuses
 * the test queues (200 when none is queued), so a test can make the merchant refuse and watch the retries.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received { headers: IncomingHttpHeaders; body: string; answered: number }

export interface NotifyReceiver {
  url: string;
  received: Received[];
  /** Statuses for the next notifications, in order. */
  answerNext(...statuses: number[]): void;
  close(): Promise<void>;
}

export async function startNotifyReceiver(): Promise<NotifyReceiver> {
  const received: Received[] = [];
  const queued: number[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const answered = queued.shift() ?? 200;
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), answered });
      res.writeHead(answered, { 'content-type': 'application/json' }).end(answered < 300 ? '' : JSON.stringify({ code: 'FAIL', message: 'try again' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/notify`,
    received,
    answerNext: (...statuses) => { queued.push(...statuses); },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
