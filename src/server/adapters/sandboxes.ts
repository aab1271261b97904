/**
 * Starts every external service's sandbox the gateway needs: the payment providers on their own origin, and
 * the tax, logistics, SM-DP+ and network sandboxes in process (state in the database). Used by start.ts and the tests.
 */
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import type { Adapters } from './index';
import { startPaymentSandbox, type PaymentSandboxOptions } from './payments/sandboxServer';
import { createTaxSandbox } from './taxSandbox';
import { createLogisticsSandbox } from './logisticsSandbox';
import { createSmdpSandbox } from './smdpSandbox';
import { createNetworkSandbox } from './networkSandbox';

/** Default delay before the logistics sandbox ships a parcel: short, so a person trying the product sees it. */
export const DEFAULT_SHIP_DELAY_MS = 2 * 60_000;

export interface Sandboxes {
  adapters: Adapters;
  /** The payment sandbox as the gateway calls it (loopback). */
  paymentsUrl: string;
  /** The payment sandbox as browsers reach it (PAYMENTS_ORIGIN, or http://<PUBLIC_ORIGIN's host, or localhost>:<its port>). */
  paymentsOrigin: string;
  close(): Promise<void>;
}

export async function startSandboxes(opts: {
  db: Db; clock: Clock; paymentsPort: number; host?: string; shipDelayMs?: number;
  /** Network sandbox: provisioning and port-in answers after these delays (its defaults when absent). */
  networkDelayMs?: number; portDelayMs?: number; chinaNumberPool?: number;
  /** Payment sandbox settings beyond its port (tests: WeChat notifications sent only when asked). */
  payments?: Pick<PaymentSandboxOptions, 'notifications' | 'logLevel' | 'logStream' | 'credentials' | 'browserOrigin' | 'browserHost' | 'merchantOrigins'>;
}): Promise<Sandboxes> {
  const payments = await startPaymentSandbox({ ...opts.payments, db: opts.db, clock: opts.clock, port: opts.paymentsPort, host: opts.host });
  return {
    adapters: {
      payments: payments.providers,
      tax: createTaxSandbox(),
      logistics: createLogisticsSandbox({ db: opts.db, clock: opts.clock, shipDelayMs: opts.shipDelayMs ?? DEFAULT_SHIP_DELAY_MS }),
      smdp: createSmdpSandbox({ db: opts.db, clock: opts.clock }),
      network: createNetworkSandbox({ db: opts.db, clock: opts.clock, networkDelayMs: opts.networkDelayMs, portDelayMs: opts.portDelayMs, chinaNumberPool: opts.chinaNumberPool }),
    },
    paymentsUrl: payments.url,
    paymentsOrigin: payments.browserOrigin,
    close: () => payments.close(),
  };
}
