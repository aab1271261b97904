/**
 * Step 3 follows the line and the port until they settle (issue 12: after a corrected port-in completed, the page
 * still said "Waiting for your carrier" well after the completion email). The activation chart on a simulated clock,
 * its status calls answered by a timeline of the gateway as the sandbox moves it: the carrier takes the correction a
 * few seconds after it is sent and answers 15 s later.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { ACTIVATION_RESUME_VERSION, activationMachine, STATUS_POLL_MAX_MS, STATUS_POLL_MS, type CorrectInput } from '../../machines/activation.machine';
import type { ActivationView } from '../../src/contract/activation';
import { VALID_PORT, viewOf } from '../../machines/models/activation';

const PORT_DELAY_MS = 15_000;
const port = (state: NonNullable<ActivationView['portIn']>['state'], at: number): ActivationView => viewOf({
  simStatus: 'activated', numberKind: 'port', msisdn: '6265550188',
  portIn: {
    state, reason: state === 'informationRequired' ? 'pin' : null, carrierMessage: null, carrier: 'T-Mobile', msisdn: '6265550188',
    accountZip: '91801', accountNumberHint: '89', updatedAt: new Date(Date.UTC(2026, 10, 25, 16) + at).toISOString(),
  },
});

/** The page on the simulated clock; `timeline(ms)` is what the gateway answers that many ms after the start. */
function openStep3(timeline: (ms: number) => ActivationView) {
  const clock = new SimulatedClock();
  const asked: number[] = [];
  let correctedAt: number | null = null;
  const machine = activationMachine.provide({
    actors: {
      loadStatus: fromPromise(async () => { asked.push(clock.now()); return timeline(clock.now()); }),
      correctPortIn: fromPromise(async ({ input }: { input: CorrectInput }) => {
        expect(input.details).not.toHaveProperty('accountNumber');
        correctedAt = clock.now();
        return port('resubmitted', clock.now());
      }),
    },
  });
  const actor = createActor(machine, { input: { loggedIn: true }, clock }).start();
  actor.send({ type: 'activation.open', resume: { version: ACTIVATION_RESUME_VERSION, activationToken: 't', activationId: 'act-1', collected: 'online', draft: null } });
  const flush = () => new Promise((r) => setTimeout(r, 0));
  return {
    actor, asked, correctedAt: () => correctedAt,
    /** Moves the clock `step` ms at a time, letting each answer arrive; answers the time the page first shows `done`. */
    async advanceUntil(ms: number, done: (view: ActivationView | null) => boolean, step = 1_000): Promise<number | null> {
      for (let t = clock.now(); t < ms; t += step) {
        await flush();
        if (done(actor.getSnapshot().context.activation)) return clock.now();
        clock.increment(step);
      }
      await flush();
      return done(actor.getSnapshot().context.activation) ? clock.now() : null;
    },
    flush,
  };
}

const completed = (v: ActivationView | null) => v?.portIn?.state === 'completed';

describe('step 3 follows the port until it settles', () => {
  it('a correction that completes 15 s after the carrier takes it is shown within one quick check', async () => {
    // The gateway: information required until the correction; the job hands it to the carrier 2 s later; the carrier answers 15 s after that.
    let sentAt = Number.POSITIVE_INFINITY;
    const page = openStep3((ms) => (ms < sentAt ? (Number.isFinite(sentAt) ? port('resubmitted', sentAt) : port('informationRequired', 0))
      : ms < sentAt + 2_000 ? port('resubmitted', sentAt) : ms < sentAt + 2_000 + PORT_DELAY_MS ? port('pending', sentAt + 2_000) : port('completed', sentAt + 2_000 + PORT_DELAY_MS)));
    await page.advanceUntil(1_000, () => false);
    expect(page.actor.getSnapshot().value).toEqual({ third: 'portInfoRequired' });
    page.actor.send({ type: 'portIn.submit', port: { ...VALID_PORT, accountNumber: '' } });
    await page.flush();
    sentAt = page.correctedAt()!;
    const shownAt = await page.advanceUntil(sentAt + 120_000, completed);
    const answeredAt = sentAt + 2_000 + PORT_DELAY_MS;
    expect(shownAt).not.toBeNull();
    expect(shownAt! - answeredAt).toBeLessThanOrEqual(STATUS_POLL_MS);
    expect(page.actor.getSnapshot().value).toEqual({ third: 'settled' });
  });

  it('a port that takes hours is still followed: never more than a minute between checks, completion shown within it', async () => {
    const HOURS_3 = 3 * 3_600_000;
    const page = openStep3((ms) => (ms < HOURS_3 ? port('pending', 0) : port('completed', HOURS_3)));
    const shownAt = await page.advanceUntil(HOURS_3 + 5 * 60_000, completed, STATUS_POLL_MS);
    expect(shownAt).not.toBeNull();
    expect(shownAt! - HOURS_3).toBeLessThanOrEqual(STATUS_POLL_MAX_MS);
    const gaps = page.asked.slice(1).map((t, i) => t - page.asked[i]!);
    expect(Math.max(...gaps)).toBeLessThanOrEqual(STATUS_POLL_MAX_MS);
  });

  it('a page shown again asks at once', async () => {
    const page = openStep3(() => port('pending', 0));
    await page.advanceUntil(10 * 60_000, () => false, STATUS_POLL_MS);
    const before = page.asked.length;
    page.actor.send({ type: 'status.refresh' });
    await page.flush();
    expect(page.asked.length).toBe(before + 1);
    expect(page.asked.at(-1)).toBe(10 * 60_000);
  });
});
