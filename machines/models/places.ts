/** The models of /coverage and /store (issue 18): one payload per guard branch, the context abstracted to what guards read. */
import { chartById } from '../index';
import type { ChartModel } from '../paths';
import type { CoverageResponse, StoreAnswer, StoreView } from '../../src/contract/places';

const apiError = (code: string, status = 400) => ({ code, message: '', status });

const AREA = { zip: '11354', city: 'Flushing', cityZhHans: '法拉盛', cityZhHant: '法拉盛', state: 'NY', lat: 40.7687, lon: -73.8272, technology: '5g', outdoor: 'excellent', indoor: 'good' } as const;
const answer = (result: CoverageResponse['result']): { output: CoverageResponse } => ({ output: { sample: true, result } });

export const COVERAGE_ANSWERS = {
  zip: answer({ kind: 'zip', area: AREA }),
  nearest: answer({ kind: 'nearest', located: { ...AREA, zip: '11358', by: 'zip' }, nearest: [{ ...AREA, distanceKm: 2.7 }] }),
  unknown: answer({ kind: 'unknown' }),
};

export const coverageLookupModel: ChartModel = {
  entry: chartById('coverageLookup')!,
  abstractContext: (c: { place: string }) => ({ place: c.place === '' ? 'empty' : /^\d{5}$/.test(c.place) ? 'zip' : 'other' }),
  payloads: {
    'place.change': [{ value: '11354' }, { value: '123' }],
    'done:lookupCoverage': [COVERAGE_ANSWERS.zip, COVERAGE_ANSWERS.nearest, COVERAGE_ANSWERS.unknown],
    'error:lookupCoverage': [{ error: apiError('http', 502) }],
  },
};

const STORE = {
  code: 'NY-FLU-01', kind: 'store', name: 'LinkBridge Mobile Flushing', nameZh: null, address: '136-20 Roosevelt Ave', city: 'Flushing', state: 'NY', zip: '11354',
  lat: 40.759, lon: -73.83, phone: '(718) 555-0101', hours: 'Mo-Sa 10:00-20:00', languages: ['en', 'cmn'], services: ['simPickup'], distanceKm: null,
} satisfies StoreView;
const stores = (kind: StoreAnswer['kind'], list: StoreAnswer['stores']): { output: StoreAnswer } => ({ output: { kind, sample: true, areas: [{ state: 'NY', cities: [{ city: 'Flushing', count: 1 }] }], origin: null, stores: list } });

export const storeFinderModel: ChartModel = {
  entry: chartById('storeFinder')!,
  abstractContext: (c: { zip: string }) => ({ zip: c.zip === '' ? 'empty' : /^\d{5}$/.test(c.zip) ? 'valid' : 'invalid' }),
  payloads: {
    'area.choose': [{ state: 'NY', city: 'Flushing' }, { state: '', city: '' }],
    'zip.change': [{ value: '11354' }, { value: '1135' }],
    'done:searchStores': [stores('all', [STORE]), stores('area', []), stores('zipUnknown', [])],
    'error:searchStores': [{ error: apiError('http', 502) }],
  },
};
