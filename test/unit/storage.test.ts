// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { STORAGE_KIND, getItem, getWrapped, removeItem, setItem, subscribeStorage, type StorageKey } from '../../src/storage';

afterEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});

describe('wrapped storage (spec section 3)', () => {
  it('wraps every value with data type, content, storage kind and a timestamp in ms', () => {
    const before = Date.now();
    setItem('personalData', { msisdn: '6265550100', showAutonewSetBtn: 1, supportPayMethods: ['account'], isSmsUser: 0 });
    const raw = JSON.parse(sessionStorage.getItem('personalData')!);
    expect(raw).toMatchObject({
      type: 'object',
      storage: 'session',
      content: { msisdn: '6265550100', showAutonewSetBtn: 1, supportPayMethods: ['account'], isSmsUser: 0 },
    });
    expect(raw.timestamp).toBeGreaterThanOrEqual(before);
    expect(raw.timestamp).toBeLessThanOrEqual(Date.now());
  });

  it('records the data type of strings, booleans and arrays', () => {
    setItem('lang', 'zh-Hant');
    setItem('noHeaderFooter', true);
    setItem('bundleInfo', { months: 3 });
    expect(getWrapped('lang')?.type).toBe('string');
    expect(getWrapped('noHeaderFooter')?.type).toBe('boolean');
    expect(getWrapped('bundleInfo')?.type).toBe('object');
  });

  it('keeps lang in session storage and contentType in local storage', () => {
    setItem('lang', 'zh-Hans');
    setItem('contentType', 'form');
    expect(sessionStorage.getItem('lang')).not.toBeNull();
    expect(localStorage.getItem('lang')).toBeNull();
    expect(localStorage.getItem('contentType')).not.toBeNull();
    expect(getWrapped('contentType')?.storage).toBe('local');
    expect(getItem('contentType')).toBe('form');
  });

  it('has a typed key for every stored key the spec lists', () => {
    const spec: StorageKey[] = [
      'tokenInfo', 'personalData', 'openState', 'noHeaderFooter', 'changeMeta', 'bundleInfo', 'promotion',
      'activity_code', 'plans/recommendCode', 'couponCode', 'activityCode', 'lang', 'contentType',
    ];
    for (const key of spec) expect(STORAGE_KIND[key]).toMatch(/^(session|local)$/);
  });

  it('reads back what it wrote and forgets removed keys', () => {
    setItem('plans/recommendCode', 'AB12');
    expect(getItem('plans/recommendCode')).toBe('AB12');
    removeItem('plans/recommendCode');
    expect(getItem('plans/recommendCode')).toBeNull();
  });

  it('treats values not written by the wrapper as absent', () => {
    sessionStorage.setItem('couponCode', 'plain text');
    expect(getItem('couponCode')).toBeNull();
    sessionStorage.setItem('couponCode', JSON.stringify({ hello: 1 }));
    expect(getItem('couponCode')).toBeNull();
  });

  it('tells subscribers which key changed', () => {
    const seen: string[] = [];
    const off = subscribeStorage((k) => seen.push(k));
    setItem('openState', 'opened');
    removeItem('openState');
    off();
    setItem('openState', 'closed');
    expect(seen).toEqual(['openState', 'openState']);
  });
});
