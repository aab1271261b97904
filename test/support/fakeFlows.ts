/**
 * Charts with fake calls for screen tests that mock a flow module (vi.mock of src/app/flows/*): an instant image code
 * and the calls a test gives; the rest stay the host's. Imports no screen, so a mock factory can load it.
 */
import { fromPromise, type AnyActorLogic } from 'xstate';
import { loginMachine } from '../../machines/login.machine';
import { trackingMachine } from '../../machines/tracking.machine';

export const fakeCaptcha = fromPromise(async () => ({ imageUrl: 'data:image/svg+xml,%3Csvg%2F%3E', token: 'captcha-token' }));

export const fakeTrackingFlow = (actors: Partial<Record<'sendCode' | 'search' | 'modifyAddress', AnyActorLogic>>) =>
  trackingMachine.provide({ actors: { loadCaptcha: fakeCaptcha, ...actors } as never });

export const fakeLoginFlow = (actors: Partial<Record<'sendCode' | 'checkCode' | 'checkRegistered' | 'registerOrReset' | 'requestToken', AnyActorLogic>>) =>
  loginMachine.provide({ actors: { loadCaptcha: fakeCaptcha, ...actors } as never });
