/**
 * Screen depth for a chart whose calls the path answers itself: the real screen (Testing Library) runs the chart, each
 * call the chart makes waits in `calls` until the path's done or error event settles it, so every branch the gateway
 * can take is reached without arranging the gateway. Page-object verbs are the chart's events; the screen's
 * `data-state` is checked before every step and at the end, and the transitions its actor took are recorded.
 */
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { initI18n } from '../../../i18n';
import type { AnyStateMachine, EventObject } from 'xstate';
import { flowObservers } from '../../../src/app/flows/login';
import { describePathsByState } from './describeChart';
import { coverageOf, formatTable, writeCoverage } from './coverage';
import { generatePaths, type ChartModel, type PathCase } from '../../../machines/paths';
import { newRecorder, observe, type Recorder } from './run';

export type Calls = Map<string, { resolve: (v: unknown) => void; reject: (e: unknown) => void }>;
export type Verbs = Record<string, (event: EventObject) => void>;
/** A path's answer may be reshaped for the screen (a value the chart does not branch on); by default it is as given. */
export type Answer = (event: EventObject) => { output?: unknown; error?: unknown };

const STEP_TIMEOUT = 4_000;

/** The gateway's answer of a path step: the call the screen made settles as the path says. */
async function answer(calls: Calls, event: EventObject, reshape: Answer) {
  const done = event.type.startsWith('xstate.done.actor.');
  const src = event.type.replace(/^xstate\.(done|error)\.actor\./, '');
  await waitFor(() => expect(calls.has(src), `the screen called ${src}`).toBe(true), { timeout: STEP_TIMEOUT });
  const call = calls.get(src)!;
  calls.delete(src);
  const payload = reshape(event);
  if (done) call.resolve(payload.output);
  else call.reject(payload.error);
}

interface Screen {
  model: ChartModel;
  flow: AnyStateMachine;
  testId: string;
  verbs: Verbs;
  mount: () => void;
  calls: Calls;
  reshape?: Answer;
}

async function runOnScreen(s: Screen, path: PathCase, recorder: Recorder) {
  const onInspect = observe(s.flow, recorder);
  const isFlow = (ref: unknown) => (ref as { logic?: unknown } | undefined)?.logic === s.flow;
  flowObservers.add((e) => onInspect(e as never, isFlow));
  s.mount();
  const stateIs = async (value: unknown) => waitFor(() => expect(screen.getByTestId(s.testId).dataset.state).toBe(typeof value === 'string' ? value : JSON.stringify(value)), { timeout: STEP_TIMEOUT });
  for (const [i, event] of path.events.entries()) {
    await stateIs(path.values[i]);
    if (event.type.startsWith('xstate.')) await answer(s.calls, event, s.reshape ?? ((e) => e as never));
    else s.verbs[event.type]!(event);
  }
  await stateIs(path.values.at(-1));
}

/**
 * Every generated path of the chart through its screen (in English), with full coverage required at the screen depth.
 * Call it inside a describe: each path mounts the screen afresh, and nothing of one path's calls outlives it.
 */
export function screenDepth(s: Screen) {
  const paths = generatePaths(s.model);
  const recorder = newRecorder();
  beforeAll(async () => { await initI18n('en'); });
  afterEach(() => {
    cleanup();
    flowObservers.clear();
    s.calls.clear();
  });
  describePathsByState(paths, (path) => runOnScreen(s, path, recorder), 30_000);
  afterAll(() => {
    const coverage = coverageOf(s.model.entry, recorder, 'screen', paths.length);
    console.log(`\n${formatTable([coverage])}`);
    writeCoverage([coverage]);
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });
}
