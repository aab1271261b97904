/** Logistics sandbox. SKELETON: filled by the fulfilment work. */
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import type { Logistics } from './logistics';

export function createLogisticsSandbox(_opts: { db: Db; clock: Clock; shipDelayMs: number }): Logistics {
  const no = async (): Promise<never> => { throw new Error('logistics sandbox not built yet'); };
  return { createShipment: no, getShipment: no, updateAddress: no };
}
