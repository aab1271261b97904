import { describe, expect, it } from 'vitest';
import { e911Problems, EMPTY_DRAFT } from '../../machines/wifiCalling.machine';
import { installProblems } from '../../machines/esimInstall.machine';
import { esimInstallModel, wifiCallingModel } from '../../machines/models/index';
import { describeChartPaths } from './toolkit/describeChart';

describe('wifiCalling chart paths', () => describeChartPaths(wifiCallingModel));
describe('esimInstall chart paths', () => describeChartPaths(esimInstallModel));

describe('E911 address rules (spec section 5: "US zip 5 digits and matches state")', () => {
  const address = { address1: '100 Main St', address2: '', city: 'San Gabriel', state: 'CA', zip: '91776' };
  it('accepts a complete address whose ZIP matches its state', () => {
    expect(e911Problems(address)).toEqual({});
  });
  it('refuses a ZIP of another state, next to the ZIP', () => {
    expect(e911Problems({ ...address, zip: '10001' }).zip).toContain('validation:zip.state');
  });
  it('names every missing field', () => {
    expect(Object.keys(e911Problems(EMPTY_DRAFT)).sort()).toEqual(['address1', 'city', 'state', 'zip']);
  });
});

describe('re-authentication answer', () => {
  it('needs six digits and, for an account with one, the password', () => {
    expect(installProblems({ code: '123456', password: 'x' }, true)).toEqual({});
    expect(installProblems({ code: '12', password: '' }, true)).toEqual({ code: ['validation:code.invalid'], password: ['validation:password.required'] });
    expect(installProblems({ code: '123456', password: '' }, false)).toEqual({});
  });
});
