/**
 * The host side of the coverage and store-finder charts (issue 18): their actors made of real gateway calls, `silent`
 * because the pages show the failure themselves, with a way to try again.
 */
import { fromPromise } from 'xstate';
import { call } from '../../api/client';
import { coverageLookup, storeSearch } from '../../contract/places';
import { coverageLookupMachine } from '../../../machines/coverageLookup.machine';
import { storeFinderMachine, type StoreQuery } from '../../../machines/storeFinder.machine';

export const coverageLookupFlow = coverageLookupMachine.provide({
  actors: {
    lookupCoverage: fromPromise(({ input }: { input: { place: string } }) => call(coverageLookup, { query: input, silent: true })),
  },
});

export const storeFinderFlow = storeFinderMachine.provide({
  actors: {
    searchStores: fromPromise(({ input }: { input: StoreQuery }) => call(storeSearch, { query: input as never, silent: true })),
  },
});
