/**
 * Bank card points' calls (issue 18 section 6, decision 0043): the customer's own session. Always `silent`: the page
 * shows its errors in place, next to the field they concern.
 */
import { call } from '../api/client';
import { IDEMPOTENCY_HEADER } from '../contract/headers';
import { welfareInfo, welfareJoin, type WelfareJoinInput } from '../contract/welfare';

export const welfareApi = {
  info: () => call(welfareInfo, { silent: true }),
  /** `key`: one per submission; the page keeps it while the same card and email are sent again (a retry). */
  join: (body: WelfareJoinInput, key: string) => call(welfareJoin, { body, headers: { [IDEMPOTENCY_HEADER]: key }, silent: true }),
};
