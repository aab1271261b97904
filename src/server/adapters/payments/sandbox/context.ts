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
   * The merchant's storefront origins (PUBLIC_ORIGIN, or the default's loopback aliases), the only pages allowed to
   * frame the card form, as a provider registers a merchant's domains. Read on each request (the gateway knows them
   * once it listens); empty: none yet.
   */
  merchantOrigins(): string[];
}
