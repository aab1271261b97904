/** The host side of the auto-renewal page's chart (issue 15): its named actors made of real gateway calls. */
import { fromPromise } from 'xstate';
import { call } from '../../api/client';
import { autoRenewalByLink as autoRenewalByLinkEndpoint, planLife as planLifeEndpoint, autoRenewalUpdate as autoRenewalUpdateEndpoint } from '../../contract/planLife';
import type { AutoRenewalChangeInput, AutoRenewalInfo } from '../../contract/planLife';
import { autoRenewalPageMachine } from '../../../machines/autoRenewalPage.machine';

export const autoRenewalPageActors = {
  loadAutoRenewal: fromPromise<AutoRenewalInfo, { token: string | null }>(async ({ input }) => (input.token
    ? call(autoRenewalByLinkEndpoint, { body: { token: input.token }, silent: true })
    : (await call(planLifeEndpoint, { silent: true })).autoRenewal)),
  changeAutoRenewal: fromPromise<AutoRenewalInfo, { token: string | null; change: AutoRenewalChangeInput }>(({ input }) =>
    call(autoRenewalUpdateEndpoint, { body: { ...(input.token ? { token: input.token } : {}), change: input.change }, silent: true })),
};

export const autoRenewalPageFlow = autoRenewalPageMachine.provide({ actors: autoRenewalPageActors });
