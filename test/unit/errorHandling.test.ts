import { describe, expect, it, vi } from 'vitest';
import { handleError, type ErrorEffects, type FailedCall } from '../../src/app/errorHandling';

const catalogue: Record<string, string> = {
  'errors:http.401': 'Unauthorized, please log in again',
  'errors:http.502': 'Network error',
  'errors:http.500': 'System busy',
  'errors:code.120019': 'Activation code incorrect',
  'errors:code.120087': 'Payment info expired',
};

const effects = (path = '/personal/pay/confirmPay?x=1') => {
  const fx = {
    translate: (k: string) => catalogue[k] ?? null,
    showDialog: vi.fn(),
    showToast: vi.fn(),
    clearSession: vi.fn(),
    navigate: vi.fn(),
    currentPath: () => path,
    loginPath: (p: string) => `/login?redirect=${encodeURIComponent(p)}`,
  } satisfies ErrorEffects;
  return fx;
};
const fail = (code: string, status: number, message = ''): FailedCall => ({ code, status, message });

describe('error catalogue (spec section 8)', () => {
  it('401 and 403 clear the session and go to /login with the current page', () => {
    for (const status of [401, 403]) {
      const fx = effects();
      expect(handleError(fail('unauthorized', status, 'x'), fx)).toBe('login');
      expect(fx.clearSession).toHaveBeenCalled();
      expect(fx.navigate).toHaveBeenCalledWith(`/login?redirect=${encodeURIComponent('/personal/pay/confirmPay?x=1')}`);
    }
  });

  it('a change refused as cross-site (403 crossSiteRequest) keeps the session and says what to do in a dialog', () => {
    const fx = effects();
    expect(handleError(fail('crossSiteRequest', 403, '请刷新页面后重试。'), fx)).toBe('dialog');
    expect(fx.showDialog).toHaveBeenCalledWith({ message: '请刷新页面后重试。' });
    expect(fx.clearSession).not.toHaveBeenCalled();
    expect(fx.navigate).not.toHaveBeenCalled();
  });

  it('known business codes show a warning dialog with the catalogue message', () => {
    const fx = effects();
    expect(handleError(fail('120019', 422, 'server words'), fx)).toBe('dialog');
    expect(fx.showDialog).toHaveBeenCalledWith({ message: 'Activation code incorrect' });
    expect(fx.showToast).not.toHaveBeenCalled();
  });

  it("falls back to the server's message when the catalogue has no text", () => {
    const fx = effects();
    handleError(fail('120014', 422, 'Card already activated'), fx);
    expect(fx.showDialog).toHaveBeenCalledWith({ message: 'Card already activated' });
  });

  it('120087 shows a dialog, then goes home on confirm', () => {
    const fx = effects();
    expect(handleError(fail('120087', 422), fx)).toBe('paymentExpired');
    const [{ message, onConfirm }] = fx.showDialog.mock.calls[0]!;
    expect(message).toBe('Payment info expired');
    expect(fx.navigate).not.toHaveBeenCalled();
    onConfirm();
    expect(fx.navigate).toHaveBeenCalledWith('/');
  });

  it('the session chart holds the 120087 dialog across other failures: a 401 meanwhile still goes to /login, the confirm then goes home', () => {
    const fx = effects('/plans/bundleForm');
    handleError(fail('120087', 422), fx);
    const [{ onConfirm }] = fx.showDialog.mock.calls[0]!;
    // A second 120087 while the dialog waits opens no second dialog.
    handleError(fail('120087', 422), fx);
    expect(fx.showDialog).toHaveBeenCalledTimes(1);
    handleError(fail('unauthorized', 401), fx);
    expect(fx.clearSession).toHaveBeenCalledTimes(1);
    expect(fx.navigate).toHaveBeenLastCalledWith('/login?redirect=%2Fplans%2FbundleForm');
    // The session chart is active again: the dialog's confirm has nothing left to do, a new 120087 opens a new dialog.
    onConfirm();
    expect(fx.navigate).toHaveBeenCalledTimes(1);
    handleError(fail('120087', 422), fx);
    expect(fx.showDialog).toHaveBeenCalledTimes(2);
    fx.showDialog.mock.calls[1]![0].onConfirm();
    expect(fx.navigate).toHaveBeenLastCalledWith('/');
  });

  it('blank-message codes show nothing', () => {
    for (const code of ['90009', '90057', '120111', '120112', '120104', '120118', '120117']) {
      const fx = effects();
      expect(handleError(fail(code, 422, 'anything'), fx)).toBe('blank');
      expect(fx.showDialog).not.toHaveBeenCalled();
      expect(fx.showToast).not.toHaveBeenCalled();
    }
  });

  it("transport failures toast the HTTP status message; other codes toast the server's message", () => {
    const fx = effects();
    handleError(fail('http', 502), fx);
    expect(fx.showToast).toHaveBeenLastCalledWith('Network error');
    handleError(fail('rateLimited', 429, 'Too many requests, try again in a minute'), fx);
    expect(fx.showToast).toHaveBeenLastCalledWith('Too many requests, try again in a minute');
    handleError(fail('http', 599), fx);
    expect(fx.showToast).toHaveBeenLastCalledWith('System busy');
  });
});
