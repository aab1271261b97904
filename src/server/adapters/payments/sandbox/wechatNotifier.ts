/**
 * WeChat Pay's payment notifications: after the phone pays, the sandbox POSTs a signed notification (the
 * transaction encrypted with the APIv3 key) to the order's notify_url. An answer other than 2xx is retried on
 * WeChat Pay's documented schedule (15 s, 15 s, 30 s, 3 min, 10 min, 20 min, 30 min, 30 min, 30 min, 60 min,
 * 3 h, 3 h, 3 h, 6 h, 6 h). Like the real service, it also delivers the same notification more than once
 * (`copies`, default 2) and can deliver it late (`firstDelayMs`). Only successful payments are notified, as
 * WeChat Pay does: a failed payment is seen by querying the order.
 *
 * Deliveries are due on the sandbox's clock. `auto` checks every second; otherwise they go out when
 * `deliverDue()` runs (tests move the clock, then call it). What was acknowledged is counted in the order's
 * `notifications`, so after a restart paid orders still short of their copies are notified again.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../../clock';
import type { Db } from '../../../db/database';
import { encryptResource, newNonce, signMessage } from '../wechatCrypto';
import type { WechatCredentials } from './credentials';
import { countNotification, paidOrdersAwaitingNotice, queryOrder, type WechatOrderRow } from './wechatOrders';

export const RETRY_SCHEDULE_MS = [15, 15, 30, 180, 600, 1200, 1800, 1800, 1800, 3600, 10_800, 10_800, 10_800, 21_600, 21_600].map((s) => s * 1000);

export interface NotifierOptions {
  /** How many times each notification is delivered (acknowledged with 2xx). */
  copies: number;
  /** Delay before the first delivery; 0 sends it while the phone's payment request is answered. */
  firstDelayMs: number;
  /** Delay between an acknowledged copy and the next one. */
  copyGapMs: number;
  auto: boolean;
}

export const DEFAULT_NOTIFIER: NotifierOptions = { copies: 2, firstDelayMs: 0, copyGapMs: 15_000, auto: true };

interface Pending { outTradeNo: string; dueAt: number; failures: number }

export interface Notifier {
  paid(order: WechatOrderRow): Promise<void>;
  /** Delivers every notification due on the clock; answers how many deliveries were attempted. */
  deliverDue(): Promise<number>;
  /** One more copy now, whatever was delivered before (answers the HTTP status, or 0 when unreachable). */
  deliverNow(outTradeNo: string): Promise<number | null>;
  /** Deliveries still to make: how many, and when the next is due. */
  pending(): { count: number; nextDueAt: Date | null };
  recover(): Promise<void>;
  stop(): Promise<void>;
}

export function createNotifier(deps: { db: Db; clock: Clock; credentials: WechatCredentials; log: FastifyBaseLogger; options: NotifierOptions }): Notifier {
  const { db, clock, credentials: keys, log, options } = deps;
  const queue = new Map<string, Pending>();
  let chain: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | null = null;

  const schedule = (outTradeNo: string, delayMs: number, failures = 0) =>
    queue.set(outTradeNo, { outTradeNo, dueAt: clock.now().getTime() + delayMs, failures });

  /** The notification, signed at the moment it is sent (a late delivery is freshly signed, like the real one). */
  function envelope(order: WechatOrderRow): { body: string; headers: Record<string, string> } {
    const transaction = {
      appid: keys.appid, mchid: keys.mchid, out_trade_no: order.outTradeNo, transaction_id: order.transactionId,
      trade_type: order.contractId ? 'PAP' : 'NATIVE', trade_state: 'SUCCESS', trade_state_desc: '支付成功', bank_type: 'OTHERS', attach: '',
      success_time: order.paidAt?.toISOString(), payer: { openid: `o${createHash('sha256').update(order.outTradeNo).digest('hex').slice(0, 27)}` },
      amount: { total: order.amountCents, payer_total: order.amountCents, currency: 'USD', payer_currency: 'USD' },
    };
    const body = JSON.stringify({
      // Every copy of one notification has the same id, as WeChat Pay's duplicates do.
      id: createHash('sha256').update(`notify:${order.transactionId}`).digest('hex').replace(/^(.{8})(.{4})(.{4})(.{4})(.{12}).*/, '$1-$2-$3-$4-$5'),
      create_time: order.paidAt?.toISOString(), resource_type: 'encrypt-resource', event_type: 'TRANSACTION.SUCCESS', summary: '支付成功',
      resource: encryptResource(keys.apiV3Key, JSON.stringify(transaction), 'transaction', 'transaction'),
    });
    const timestamp = String(Math.floor(clock.now().getTime() / 1000));
    const nonce = newNonce();
    return {
      body,
      headers: {
        'content-type': 'application/json', 'wechatpay-timestamp': timestamp, 'wechatpay-nonce': nonce,
        'wechatpay-signature': signMessage(keys.platformSecret, [timestamp, nonce, body]),
        'wechatpay-serial': keys.platformSerial, 'wechatpay-signature-type': 'WECHATPAY2-HMAC-SHA256', 'request-id': randomUUID(),
      },
    };
  }

  async function send(order: WechatOrderRow): Promise<number> {
    const { body, headers } = envelope(order);
    try {
      const res = await fetch(order.notifyUrl, { method: 'POST', headers, body, signal: AbortSignal.timeout(5_000) });
      await res.arrayBuffer();
      return res.status;
    } catch {
      return 0;
    }
  }

  async function attempt(item: Pending): Promise<void> {
    queue.delete(item.outTradeNo);
    const order = await queryOrder(db, clock, item.outTradeNo);
    if (!order || order.state !== 'SUCCESS') return;
    const status = await send(order);
    if (status >= 200 && status < 300) {
      const delivered = await countNotification(db, order.outTradeNo);
      log.info({ outTradeNo: order.outTradeNo, copy: delivered }, 'wechat notification delivered');
      if (delivered < options.copies) schedule(order.outTradeNo, options.copyGapMs);
      return;
    }
    const failures = item.failures + 1;
    log.warn({ outTradeNo: order.outTradeNo, status, failures }, 'wechat notification refused, will retry');
    if (failures <= RETRY_SCHEDULE_MS.length) schedule(order.outTradeNo, RETRY_SCHEDULE_MS[failures - 1]!, failures);
  }

  async function runDue(): Promise<number> {
    let attempts = 0;
    for (;;) {
      const now = clock.now().getTime();
      const due = [...queue.values()].filter((p) => p.dueAt <= now);
      if (!due.length) return attempts;
      for (const item of due) {
        await attempt(item);
        attempts += 1;
      }
    }
  }

  /** One run at a time: the timer, the phone and a test asking at once must not send the same copy twice. */
  const serially = <T>(work: () => Promise<T>): Promise<T> => {
    const run = chain.then(work);
    chain = run.catch(() => undefined);
    return run;
  };
  const deliverDue = (): Promise<number> => serially(runDue);

  if (options.auto) {
    timer = setInterval(() => { void deliverDue().catch((err: unknown) => log.error({ err }, 'wechat notification run failed')); }, 1000);
    timer.unref();
  }

  return {
    async paid(order) {
      if (options.firstDelayMs > 0) return void schedule(order.outTradeNo, options.firstDelayMs);
      // Only this order's first copy goes out with the phone's answer; other due work waits for its run.
      await serially(() => attempt({ outTradeNo: order.outTradeNo, dueAt: clock.now().getTime(), failures: 0 }));
    },
    deliverDue,
    async deliverNow(outTradeNo) {
      const order = await queryOrder(db, clock, outTradeNo);
      if (!order || order.state !== 'SUCCESS') return null;
      const status = await send(order);
      if (status >= 200 && status < 300) await countNotification(db, outTradeNo);
      return status;
    },
    pending() {
      const due = [...queue.values()].map((p) => p.dueAt);
      return { count: due.length, nextDueAt: due.length ? new Date(Math.min(...due)) : null };
    },
    async recover() {
      const since = new Date(clock.now().getTime() - 24 * 60 * 60_000);
      for (const order of await paidOrdersAwaitingNotice(db, options.copies, since)) schedule(order.outTradeNo, 0);
    },
    async stop() {
      if (timer) clearInterval(timer);
      await chain;
    },
  };
}
