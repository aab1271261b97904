/** The model of the phone check (issue 18): one payload per guard branch, one answer per verdict. */
import { chartById } from '../index';
import type { ChartModel } from '../paths';
import { VERDICTS } from '../../src/domain/devices';

const apiError = (code: string, status = 400) => ({ code, message: '', status });
const DEVICE = { brand: 'Apple', model: 'iPhone 15 (A3092)', market: 'cn', compatibility: 'partial', esim: false, certified: true };
export const PHONE_CHECK_ANSWERS = VERDICTS.map((verdict) => ({ verdict, device: DEVICE, limits: ['noEsim'], brandMatches: true }));

export const phoneCheckModel: ChartModel = {
  entry: chartById('phoneCheck')!,
  abstractContext: (c: { brand: string; model: string; imei: string }) => ({ brand: c.brand !== '', model: c.model !== '', imei: c.imei !== '' }),
  payloads: {
    'field.change': [{ field: 'brand', value: 'Apple' }, { field: 'model', value: 'iPhone 15' }, { field: 'imei', value: '868012062045113' }],
    'done:checkPhone': PHONE_CHECK_ANSWERS.map((output) => ({ output })),
    'error:checkPhone': [{ error: apiError('validation') }],
  },
};
