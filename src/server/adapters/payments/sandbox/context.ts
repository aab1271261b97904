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
}
