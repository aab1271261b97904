/**
 * Keeping follows the line's service (decision 0035), in the transaction that moved it: a recovery (the plan and the
 * fee paid, service.recover) brings the number back into service and ends keeping, nothing refunded; the service
 * chart's removal of the number (its 90 days ran out, counted from the end of keeping) recycles it. A line never kept
 * has no keeping row and nothing is written for it.
 */
import type { ServiceListener } from '../plan';
import { applyProtectEvent, keepingRowOf } from './lifecycle';
import { protectActions } from './service';

export const followService: ServiceListener = async (deps, tx, line, event, moved) => {
  if (event.type === 'service.recover' && moved.to === 'active') {
    const row = await keepingRowOf(tx, line.id);
    if (row && (row.state === 'kept' || row.state === 'endingEarly' || row.state === 'ended')) {
      await applyProtectEvent(deps, line, { type: 'protect.lineRecovered' }, protectActions(deps, line), tx);
    }
  }
  if (event.type === 'service.removeNumber' && moved.to === 'numberRemoved') {
    const row = await keepingRowOf(tx, line.id);
    if (row && (row.state === 'notKept' || row.state === 'ended')) {
      await applyProtectEvent(deps, line, { type: 'protect.numberRemoved' }, protectActions(deps, line), tx);
    }
  }
};
