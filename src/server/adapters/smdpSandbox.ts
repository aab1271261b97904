/** SM-DP+ (eSIM profiles) sandbox. SKELETON: filled by the fulfilment work. */
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import type { SmdpProvider } from './smdp';

export function createSmdpSandbox(_opts: { db: Db; clock: Clock }): SmdpProvider {
  return { allocateProfile: async () => { throw new Error('SM-DP+ sandbox not built yet'); } };
}
