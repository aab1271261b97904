/** What the sandbox's routes share. */
import type { Clock } from '../../../clock';
import type { Db } from '../../../db/database';
import type { BrowserAssets } from './browserAssets';
import type { SandboxCredentials } from './credentials';
import type { Notifier } from './wechatNotifier';

export interface SandboxContext {
  db: Db;
  clock: Clock;
  credentials: SandboxCredentials;
  notifier: Notifier;
  /** The SDK and card form scripts, bundled once at start. */
  assets: Promise<BrowserAssets>;
  /** The merchant's name the WeChat phone shows. */
  merchantName: string;
  /** This sandbox as browsers reach it (PAYMENTS_ORIGIN): the SDK names it, tokenization accepts only it. */
  browserOrigin: string;
  /**
   * The merchant's storefront origin (PUBLIC_ORIGIN), the only page allowed to frame the card form, as a provider
   * registers a merchant's domain. Read on each request (the gateway knows it once it listens); null: none yet.
   */
  merchantOrigin(): string | null;
}
