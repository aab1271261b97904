/**
 * /ReferAFriend (issue 18 section 5): the referral programme as the gateway answers it, read once per page (and again
 * when the session changes): the editions for everyone, the customer's own code, referrals and credits when logged in.
 */
import { useCallback, useEffect, useState } from 'react';
import { call } from '../api/client';
import { referralProgramme as referralProgrammeEndpoint, type ReferralProgramme } from '../contract/referral';

export type ReferralState = { status: 'loading' } | { status: 'ready'; programme: ReferralProgramme } | { status: 'error' };

export function useReferralProgramme(loggedIn: boolean): { state: ReferralState; reload: () => void } {
  const [state, setState] = useState<ReferralState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    call(referralProgrammeEndpoint, { silent: true, background: true })
      .then((programme) => { if (live) setState({ status: 'ready', programme }); })
      .catch(() => { if (live) setState({ status: 'error' }); });
    return () => { live = false; };
  }, [loggedIn, attempt]);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, reload };
}
