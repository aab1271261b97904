/** Models of the number-security page and /cpni-out (issue 16): one payload per guard branch. */
import { chartById } from '../index';
import type { ChartModel } from '../paths';

const apiError = (code: string, status = 422) => ({ code, message: '', status });
export const SECURITY_INFO = {
  usNumber: '6265550100', simType: 'physical', iccidEnd: '0013', numberLocked: false, lockedAt: null, pin: null,
  canConvert: 'toEsim', physicalIccidEnd: null, changes: [], portOutRequests: [],
};
const SENT = { channel: 'sms', to: '••• 0100', resendAfterSeconds: 60, expiresInSeconds: 300 };

export const numberSecurityModel: ChartModel = {
  entry: chartById('numberSecurity')!,
  payloads: {
    'done:loadSecurity': [{ output: SECURITY_INFO }],
    'error:loadSecurity': [{ error: apiError('noUsLine') }],
    'done:lockNumber': [{ output: { ...SECURITY_INFO, numberLocked: true, lockedAt: '2026-11-28T18:00:00.000Z' } }],
    'error:lockNumber': [{ error: apiError('http', 502) }],
    'action.start': [{ action: 'toEsim' }, { action: 'pin' }],
    'code.send': [{ channel: 'sms' }, { channel: 'email' }],
    'done:sendCode': [{ output: SENT }],
    'error:sendCode': [{ error: apiError('noEmail') }],
    'field.change': [{ field: 'code', value: '123456' }, { field: 'password', value: 'Demo@2468' }],
    'done:perform': [{ output: { info: { ...SECURITY_INFO, simType: 'esim', canConvert: 'toPhysical' } } }, { output: { info: SECURITY_INFO, pin: { pin: '12345678', expiresAt: '2026-11-29T18:00:00.000Z', accountNumber: 'LB0000010001' } } }],
    'error:perform': [{ error: apiError('passwordWrong') }, { error: apiError('numberLocked', 423) }],
  },
  abstractContext: (c: { code: string; password: string }) => ({ code: c.code !== '', password: c.password !== '' }),
};

export const cpniOptOutModel: ChartModel = {
  entry: chartById('cpniOptOut')!,
  abstractContext: (c: { phone: string; code: string }) => ({ phone: c.phone !== '', code: c.code !== '' }),
  payloads: {
    'field.change': [{ field: 'phone', value: '6265550100' }, { field: 'code', value: '123456' }],
    'choice.change': [{ optOut: false }],
    'done:sendCode': [{ output: { resendAfterSeconds: 60, expiresInSeconds: 300 } }],
    'error:sendCode': [{ error: apiError('rateLimited', 429) }],
    'done:saveChoice': [{ output: { optedOut: true, at: '2026-11-28T18:00:00.000Z' } }],
    'error:saveChoice': [{ error: apiError('codeWrong', 400) }, { error: apiError('http', 502) }],
  },
};
