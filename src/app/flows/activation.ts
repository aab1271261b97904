/**
 * The host side of the activation chart: its named actors made of real gateway calls, and what this tab keeps for a
 * reload (ARCHITECTURE.md: "Persist a flow's snapshot (versioned) only at stable states, never while a payment or
 * activation call is running"). Calls pass `silent: true` because the chart shows the error itself.
 * - 'activation/resume': the token, the activation id and the step-2 draft without secrets;
 * - 'activation/card': the token and the card, read by the plan purchase of a card without plan (TEAM.md, C2);
 * - 'activation/submissions': the Idempotency-Key of each submitted body, so a retry or a reload submits once.
 */
import { fromPromise } from 'xstate';
import { call } from '../../api/client';
import { activationCheckSim, activationNumbers, activationSimInfo, activationStatus, activationSubmit, portInCorrect } from '../../contract/activation';
import { IDEMPOTENCY_HEADER } from '../../contract/headers';
import type { ActivationSim } from '../../contract/activation';
import {
  ACTIVATION_RESUME_VERSION, activationMachine, type ActivationContext, type ActivationResume, type CheckSimInput, type CorrectInput,
  type StatusInput, type SubmitInput,
} from '../../../machines/activation.machine';
import { withoutSecrets } from '../../../machines/activationForm';
import { newAttemptKey } from '../../../machines/parts/attemptKey';
import { getItem, removeItem, setItem } from '../../storage';
import { bodyDigest, SUBMISSION_KEY_TTL_MS } from './orderKeys';

/**
 * The key a step-2 body was (or is now) submitted with. The digest leaves the password out: nothing derived from it is
 * stored; the gateway's own request hash still tells two passwords apart.
 */
export function activationSubmissionKey(input: SubmitInput, now = Date.now()): string {
  const { account, ...rest } = input.form;
  const digest = bodyDigest({ token: input.activationToken, form: rest, username: account?.username ?? null });
  const entries = Object.fromEntries(Object.entries(getItem('activation/submissions') ?? {}).filter(([, v]) => v && now - v.at < SUBMISSION_KEY_TTL_MS));
  const existing = entries[digest];
  if (existing) return existing.key;
  const key = newAttemptKey();
  setItem('activation/submissions', { ...entries, [digest]: { key, at: now } });
  return key;
}

export const activationActors = {
  checkSim: fromPromise(async ({ input }: { input: CheckSimInput }) => call(activationCheckSim, { body: input, silent: true })),
  loadCard: fromPromise(({ input }: { input: { activationToken: string } }) => call(activationSimInfo, { body: input, silent: true })),
  loadNumbers: fromPromise(({ input }: { input: { activationToken: string; areaCode: string } }) =>
    call(activationNumbers, { body: input, silent: true })),
  submit: fromPromise(async ({ input }: { input: SubmitInput }) => {
    const answer = await call(activationSubmit, {
      body: { activationToken: input.activationToken, ...input.form },
      headers: { [IDEMPOTENCY_HEADER]: activationSubmissionKey(input) },
      silent: true,
    });
    // "sync-register account": the account registered with the activation is logged in, as /login does it.
    if (answer.login) await (await import('./login')).completeLogin();
    return answer;
  }),
  loadStatus: fromPromise(({ input }: { input: StatusInput }) =>
    call(activationStatus, {
      body: { activationId: input.activationId, ...(input.activationToken ? { activationToken: input.activationToken } : {}) },
      silent: true, background: true,
    })),
  correctPortIn: fromPromise(({ input }: { input: CorrectInput }) =>
    call(portInCorrect, {
      body: { activationId: input.activationId, ...(input.activationToken ? { activationToken: input.activationToken } : {}), ...input.details },
      silent: true,
    })),
};

/** The activation chart with real calls. */
export const activationFlow = activationMachine.provide({ actors: activationActors });

export function readActivationResume(): ActivationResume | null {
  const stored = getItem('activation/resume') as Partial<ActivationResume> | null;
  if (!stored || stored.version !== ACTIVATION_RESUME_VERSION) return null;
  return stored as ActivationResume;
}

/** The activation token of the card this tab is activating (the plan purchase carries it). */
export const activationTokenOf = (): string | null => getItem('activation/card')?.activationToken ?? readActivationResume()?.activationToken ?? null;

interface SnapshotLike {
  context: ActivationContext;
  matches(value: never): boolean;
  hasTag(tag: string): boolean;
}

/** The point to keep now; 'skip' while a call whose outcome matters is running or the chart is still finding out. */
export function resumePointOf(snapshot: SnapshotLike): ActivationResume | 'skip' {
  const c = snapshot.context;
  const is = (v: unknown) => snapshot.matches(v as never);
  if (snapshot.hasTag('busy') || is('opening') || is('unavailable')) return 'skip';
  const atStep2 = is('second');
  return {
    version: ACTIVATION_RESUME_VERSION,
    activationToken: c.activationToken,
    activationId: c.activationId,
    collected: c.sim.collected,
    draft: atStep2 ? withoutSecrets(c.draft) : null,
  };
}

export function persistActivation(snapshot: SnapshotLike): void {
  const point = resumePointOf(snapshot);
  if (point === 'skip') return;
  if (!point.activationToken && !point.activationId) removeItem('activation/resume');
  else setItem('activation/resume', point as unknown as Record<string, unknown>);
  const { card, activationToken } = snapshot.context;
  if (card && activationToken) setItem('activation/card', { activationToken, card: card as ActivationSim });
  else removeItem('activation/card');
}
