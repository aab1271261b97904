import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { coverageLookupMachine, placeProblems } from '../../machines/coverageLookup.machine';
import { storeFinderMachine, zipProblems, type StoreQuery } from '../../machines/storeFinder.machine';
import { COVERAGE_ANSWERS, coverageLookupModel, storeFinderModel } from '../../machines/models/places';
import type { StoreAnswer } from '../../src/contract/places';
import { describeChartPaths } from './toolkit/describeChart';

describe('coverageLookup chart paths', () => describeChartPaths(coverageLookupModel));
describe('storeFinder chart paths', () => describeChartPaths(storeFinderModel));

describe('coverage lookup rules (issue 18)', () => {
  it('a ZIP code is 5 digits; a city may be English or Chinese; the message names the problem', () => {
    expect(placeProblems('')).toEqual(['validation:placeQuery.required']);
    expect(placeProblems('1135')).toEqual(['validation:placeQuery.zipInvalid']);
    expect(placeProblems('11354')).toEqual([]);
    expect(placeProblems('11354-1234')).toEqual([]);
    expect(placeProblems('法拉盛')).toEqual([]);
    expect(placeProblems('<script>')).toEqual(['validation:placeQuery.invalid']);
  });

  it('an invalid query is refused without asking the gateway, and what was typed stays', async () => {
    const asked: string[] = [];
    const actor = createActor(coverageLookupMachine.provide({
      actors: { lookupCoverage: fromPromise(async ({ input }: { input: { place: string } }) => { asked.push(input.place); return COVERAGE_ANSWERS.nearest.output; }) },
    })).start();
    actor.send({ type: 'place.change', value: '113' });
    actor.send({ type: 'search.submit' });
    expect(actor.getSnapshot().value).toBe('entering');
    expect(actor.getSnapshot().context).toMatchObject({ place: '113', fieldErrors: ['validation:placeQuery.zipInvalid'] });
    actor.send({ type: 'place.change', value: '11358' });
    actor.send({ type: 'search.submit' });
    await waitFor(actor, (s) => s.matches('nearestShown'));
    expect(asked).toEqual(['11358']);
    expect(actor.getSnapshot().context).toMatchObject({ place: '11358', searched: '11358' });
  });

  it('a failed lookup keeps the query and retries it', async () => {
    let fail = true;
    const actor = createActor(coverageLookupMachine.provide({
      actors: { lookupCoverage: fromPromise(async () => { if (fail) throw { code: 'http', message: '', status: 502 }; return COVERAGE_ANSWERS.zip.output; }) },
    })).start();
    actor.send({ type: 'place.change', value: 'Flushing' });
    actor.send({ type: 'search.submit' });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.problem?.status).toBe(502);
    fail = false;
    actor.send({ type: 'search.retry' });
    await waitFor(actor, (s) => s.matches('covered'));
    expect(actor.getSnapshot().context).toMatchObject({ place: 'Flushing', problem: null });
  });
});

describe('store finder rules (issue 18)', () => {
  const answer = (kind: StoreAnswer['kind']): StoreAnswer => ({ kind, sample: true, areas: [], origin: null, stores: [] });

  it('asks for all stores first, then by area or by ZIP; an invalid ZIP is refused and kept', async () => {
    const asked: StoreQuery[] = [];
    const actor = createActor(storeFinderMachine.provide({
      actors: { searchStores: fromPromise(async ({ input }: { input: StoreQuery }) => { asked.push(input); return answer(input.zip ? 'zip' : 'all'); }) },
    })).start();
    await waitFor(actor, (s) => !s.hasTag('busy'));
    actor.send({ type: 'area.choose', state: 'CA', city: 'San Francisco' });
    await waitFor(actor, (s) => !s.hasTag('busy'));
    actor.send({ type: 'zip.change', value: '9177' });
    actor.send({ type: 'search.byZip' });
    expect(actor.getSnapshot().context).toMatchObject({ zip: '9177', fieldErrors: ['validation:zip.format'] });
    actor.send({ type: 'zip.change', value: ' 91776 ' });
    actor.send({ type: 'search.byZip' });
    await waitFor(actor, (s) => !s.hasTag('busy'));
    expect(asked).toEqual([{}, { state: 'CA', city: 'San Francisco' }, { zip: '91776' }]);
    expect(zipProblems('')).toEqual(['validation:zip.required']);
  });
});
