/**
 * Tax service sandbox: the rate a prepaid wireless sale pays in each US state, answered the way a tax service
 * answers (by address, and failing like it does). Rates are the states' general sales tax on prepaid wireless
 * service, in basis points; county and city add-ons and the flat per-sale 911 fees are left out, since the
 * storefront charges one state-level line.
 *
 * Test values (documented in the README):
 * - ZIP `99971` (Alaska's range, but not a delivered ZIP): the service has no data for it -> 120071 "failed to get tax info".
 * - A ZIP outside the state's ranges (e.g. state CA, ZIP 10001) -> 120077 "postal code wrong".
 */
import { isUsState, zipMatchesState, type UsState } from '../../domain/usStates';
import { GatewayError } from '../http/errors';
import type { TaxService } from './tax';

export const TAX_UNAVAILABLE_TEST_ZIP = '99971';

/**
 * States without a general sales tax charge 0, except New Hampshire, whose communications services tax (7%)
 * applies to prepaid wireless. Hawaii's is the general excise tax.
 */
export const PREPAID_WIRELESS_RATE_BPS: Record<UsState, number> = {
  AL: 400, AK: 0, AZ: 560, AR: 650, CA: 725, CO: 290, CT: 635, DE: 0, DC: 600, FL: 600,
  GA: 400, HI: 400, ID: 600, IL: 625, IN: 700, IA: 600, KS: 650, KY: 600, LA: 445, ME: 550,
  MD: 600, MA: 625, MI: 600, MN: 688, MS: 700, MO: 423, MT: 0, NE: 550, NV: 685, NH: 700,
  NJ: 663, NM: 488, NY: 400, NC: 475, ND: 500, OH: 575, OK: 450, OR: 0, PA: 600, RI: 700,
  SC: 600, SD: 420, TN: 700, TX: 625, UT: 610, VT: 600, VA: 530, WA: 650, WV: 600, WI: 500,
  WY: 400,
};

export function createTaxSandbox(): TaxService {
  return {
    async rateBps(address) {
      // Outside the US the carrier collects no US sales tax; callers only ask for US addresses, but a
      // tax service answers this too.
      if (address.country !== 'US') return 0;
      const zip = address.zip.trim();
      const state = address.state.trim().toUpperCase();
      if (zip === TAX_UNAVAILABLE_TEST_ZIP) throw new GatewayError('120071');
      if (!isUsState(state) || !zipMatchesState(zip, state)) throw new GatewayError('120077');
      return PREPAID_WIRELESS_RATE_BPS[state];
    },
  };
}
