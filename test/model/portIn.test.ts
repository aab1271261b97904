import { describe, expect, it } from 'vitest';
import { initialTransition, transition, type AnyMachineSnapshot } from 'xstate';
import { portInMachine, type PortInEvent } from '../../machines/portIn.machine';
import { CARRIER_MESSAGE, portInModel } from '../../machines/models/portIn';
import { describeChartPaths } from './toolkit/describeChart';

describe('portIn chart paths', () => describeChartPaths(portInModel));

const step = (from: AnyMachineSnapshot, event: PortInEvent) => transition(portInMachine, from, event)[0];

describe('portIn rules (issue 4: "when a port-in fails they fix the details without starting over")', () => {
  const [submitted] = initialTransition(portInMachine);
  const pending = step(submitted, { type: 'portIn.requested', networkRef: 'PRT-1' });
  const needsInfo = step(pending, { type: 'portIn.informationRequired', reason: 'pin', carrierMessage: CARRIER_MESSAGE.pin });

  it('the carrier answers only a request it has: nothing completes or fails before it is sent', () => {
    expect(submitted.value).toBe('submitted');
    expect(submitted.can({ type: 'portIn.completed' })).toBe(false);
    expect(submitted.can({ type: 'portIn.informationRequired', reason: 'pin', carrierMessage: '' })).toBe(false);
    expect(pending.value).toBe('pending');
  });

  it('a correction is taken only when information is required, and goes back to the carrier on the same request', () => {
    expect(pending.can({ type: 'portIn.correct' })).toBe(false);
    expect(needsInfo.value).toBe('informationRequired');
    const resubmitted = step(needsInfo, { type: 'portIn.correct' });
    expect(resubmitted.value).toBe('resubmitted');
    expect(resubmitted.can({ type: 'portIn.correct' })).toBe(false);
    const again = step(resubmitted, { type: 'portIn.requested', networkRef: 'PRT-1' });
    expect(step(again, { type: 'portIn.completed' }).value).toBe('completed');
  });

  it('completed and declined are final: no correction revives a declined port', () => {
    const completed = step(pending, { type: 'portIn.completed' });
    const declined = step(pending, { type: 'portIn.declined', reason: 'notPortable', carrierMessage: CARRIER_MESSAGE.notPortable });
    for (const done of [completed, declined]) {
      expect(done.status).toBe('done');
      expect(done.can({ type: 'portIn.correct' })).toBe(false);
    }
  });
});
