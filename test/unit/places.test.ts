/** Distances, the map's projection, and what a customer types to find a place, in three languages (issue 18). */
import { describe, expect, it } from 'vitest';
import { distanceKm, kmToMiles, projectAlbersUsa } from '../../src/domain/geo';
import { cityMatch, foldPlaceName, parsePlaceQuery, placeName } from '../../src/domain/places';
import { parseStoreHours } from '../../src/domain/storeHours';
import { STATE_CENTROIDS } from '../../src/domain/stateCentroids';
import { viewOf } from '../../screens/places/UsMap';

describe('distance (haversine)', () => {
  it('matches known great-circle distances', () => {
    const jfk = { lat: 40.6413, lon: -73.7781 };
    const lax = { lat: 33.9416, lon: -118.4085 };
    // 3,983 km on the ellipsoid; the sphere of the mean radius gives 3,974 (0.2 % less), plenty for a store finder.
    expect(distanceKm(jfk, lax)).toBeCloseTo(3974, 0);
    expect(kmToMiles(distanceKm(jfk, lax))).toBeCloseTo(2469.5, 0);
    expect(distanceKm(jfk, jfk)).toBe(0);
    expect(distanceKm({ lat: 0, lon: 0 }, { lat: 0, lon: 180 })).toBeCloseTo(Math.PI * 6371.0088, 3);
  });

  it('is symmetric and short distances stay accurate', () => {
    const a = { lat: 40.7687, lon: -73.8272 };
    const b = { lat: 40.7514, lon: -73.8211 };
    expect(distanceKm(a, b)).toBeCloseTo(distanceKm(b, a), 12);
    expect(distanceKm(a, b)).toBeCloseTo(1.99, 1);
  });
});

describe('the map projection (Albers USA, as d3-geo draws it at scale 1300)', () => {
  it.each([
    [37.77, -122.42, 34.8, 261.54],
    [40.76, -73.83, 872.39, 214.0],
    [61.2, -149.9, 112.29, 544.42],
    [21.3, -157.86, 266.92, 549.35],
  ])('%f, %f', (lat, lon, x, y) => {
    const [px, py] = projectAlbersUsa({ lat, lon })!;
    expect(px).toBeCloseTo(x, 1);
    expect(py).toBeCloseTo(y, 1);
  });

  it('places nothing abroad, and every state\'s middle on the map', () => {
    expect(projectAlbersUsa({ lat: 39.9, lon: 116.4 })).toBeNull();
    expect(projectAlbersUsa({ lat: 18.2, lon: -66.5 })).toBeNull();
    for (const [state, c] of Object.entries(STATE_CENTROIDS)) expect(projectAlbersUsa(c), state).not.toBeNull();
  });

  it('zooms to the markers, never past the drawing', () => {
    expect(viewOf([])).toEqual([0, 0, 975, 610]);
    const [x, y, w, h] = viewOf([[34.8, 261.5], [40, 270]]);
    expect(w / h).toBeCloseTo(975 / 610, 5);
    expect(x).toBeGreaterThanOrEqual(0);
    expect(x).toBeLessThan(34.8);
    expect(y + h).toBeGreaterThan(270);
  });
});

describe('what a customer types', () => {
  it.each([
    ['11354', { kind: 'zip', zip: '11354' }],
    [' 11354-0001 ', { kind: 'zip', zip: '11354' }],
    ['１１３５４', { kind: 'zip', zip: '11354' }],
    ['1135', { problem: 'zipInvalid' }],
    ['113 54 9', { problem: 'zipInvalid' }],
    ['', { problem: 'required' }],
    ['   ', { problem: 'required' }],
    ['<script>', { problem: 'invalid' }],
    ['Flushing, NY', { kind: 'city', name: 'Flushing', folded: 'flushing', state: 'NY' }],
    ['flushing ny', { kind: 'city', name: 'flushing', folded: 'flushing', state: 'NY' }],
    ['New York', { kind: 'city', name: 'New York', folded: 'new york', state: null }],
    ['法拉盛', { kind: 'city', name: '法拉盛', folded: '法拉盛', state: null }],
    ['洛杉磯市', { kind: 'city', name: '洛杉磯市', folded: '洛杉磯', state: null }],
  ])('%j', (typed, expected) => {
    expect(parsePlaceQuery(typed)).toEqual(expected);
  });

  it('folds names: case, width, accents, punctuation, Saint and Mount', () => {
    expect(foldPlaceName('St. Louis')).toBe(foldPlaceName('Saint Louis'));
    expect(foldPlaceName('ＳＡＮ ＪＯＳＥ')).toBe('san jose');
    expect(foldPlaceName('San José')).toBe('san jose');
    expect(foldPlaceName('Winston-Salem')).toBe('winston salem');
    expect(foldPlaceName('旧金山 市')).toBe('旧金山');
  });

  const sf = { city: 'San Francisco', cityZhHans: '旧金山', cityZhHant: '舊金山|三藩市' };
  it('matches a city by any of its names, in English, simplified and traditional Chinese', () => {
    for (const typed of ['San Francisco', 'san francisco', '旧金山', '舊金山', '三藩市']) expect(cityMatch(foldPlaceName(typed), sf), typed).toBe(2);
    expect(cityMatch(foldPlaceName('San Fran'), sf)).toBe(1);
    expect(cityMatch(foldPlaceName('旧金'), sf)).toBe(1);
    expect(cityMatch(foldPlaceName('Sa'), sf)).toBe(0);
    expect(cityMatch(foldPlaceName('旧'), sf)).toBe(0);
    expect(cityMatch(foldPlaceName('Oakland'), sf)).toBe(0);
  });

  it('shows each language its own name: the first alias of the data, else English', () => {
    expect(placeName(sf, 'zh-Hans')).toBe('旧金山');
    expect(placeName(sf, 'zh-Hant')).toBe('舊金山');
    expect(placeName(sf, 'en')).toBe('San Francisco');
    expect(placeName({ city: 'Keene', cityZhHans: null, cityZhHant: null }, 'zh-Hant')).toBe('Keene');
  });
});

describe('store hours', () => {
  it('reads day ranges, times and closed days', () => {
    expect(parseStoreHours('Mo-Fr 10:00-19:00; Sa 11:00-17:00; Su closed')).toEqual([
      { from: 0, to: 4, opens: '10:00', closes: '19:00' },
      { from: 5, to: 5, opens: '11:00', closes: '17:00' },
      { from: 6, to: 6, opens: null, closes: null },
    ]);
  });
  it.each(['', 'Mon-Fri 10-7', 'Fr-Mo 10:00-19:00', 'Mo 19:00-10:00', 'Mo 9:00-17:00'])('refuses %j', (hours) => {
    expect(parseStoreHours(hours)).toBeNull();
  });
});
