import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { countryName, fold, indexCountries, searchCountries } from '../../src/domain/countrySearch';

/** The shipped rates sample's countries and dialling codes (what the page searches on npm start). */
const SAMPLE = readFileSync(new URL('../../data/samples/rates.sample.csv', import.meta.url), 'utf8').split('\n')
  .filter((l) => /^[A-Z]{2},/.test(l)).map((l) => { const [countryCode, dialCode] = l.split(','); return { countryCode: countryCode!, dialCode: dialCode! }; });
const index = indexCountries(SAMPLE);
const find = (q: string) => searchCountries(index, q).map((r) => r.countryCode);

describe('finding a country on /rates in any of the three languages', () => {
  it.each([
    ['Japan', 'JP'], ['日本', 'JP'], ['japan', 'JP'],
    ['香港', 'HK'], ['Hong Kong', 'HK'],
    ['台湾', 'TW'], ['台灣', 'TW'], ['Taiwan', 'TW'],
    ['澳门', 'MO'], ['澳門', 'MO'], ['Macau', 'MO'], ['Macao', 'MO'],
    ['美国', 'US'], ['美國', 'US'], ['USA', 'US'], ['United States', 'US'],
    ['英国', 'GB'], ['UK', 'GB'],
    ['韩国', 'KR'], ['南韓', 'KR'], ['韓國', 'KR'],
    ['德国', 'DE'], ['德國', 'DE'], ['Germany', 'DE'],
    ['cote d\'ivoire', 'CI'], ['Côte d’Ivoire', 'CI'], ['象牙海岸', 'CI'], ['科特迪瓦', 'CI'],
    ['Turkey', 'TR'], ['土耳其', 'TR'],
  ])('"%s" finds %s first', (query, code) => {
    expect(find(query)[0]).toBe(code);
  });

  it('finds by ISO code and by dialling code, written as people write it', () => {
    expect(find('jp')[0]).toBe('JP');
    expect(find('+86')[0]).toBe('CN');
    expect(find('0086')[0]).toBe('CN');
    expect(find('852')[0]).toBe('HK');
    expect(find('+1 876')).toEqual(['JM']);
    // A dialling code's beginning lists every country under it, the exact one first.
    expect(find('+85')).toEqual(expect.arrayContaining(['HK', 'MO', 'KP', 'KH', 'LA']));
  });

  it('finds part of a name, a name before a part, and nothing for nonsense', () => {
    expect(find('zealand')).toEqual(['NZ']);
    expect(find('guinea').slice(0, 1)).toEqual(['GN']);
    expect(find('guinea')).toEqual(expect.arrayContaining(['GN', 'GW', 'GQ', 'PG']));
    expect(find('xyzzy')).toEqual([]);
    expect(find('  ')).toHaveLength(SAMPLE.length);
  });

  it('folds accents, case and punctuation', () => {
    expect(fold('  Côte d’Ivoire ')).toBe('cote d ivoire');
    expect(fold('São Tomé & Príncipe')).toBe('sao tome principe');
  });

  it('shows Hong Kong and Macau by their short names in each language', () => {
    expect(['en', 'zh-Hans', 'zh-Hant'].map((l) => countryName('HK', l))).toEqual(['Hong Kong', '香港', '香港']);
    expect(['en', 'zh-Hans', 'zh-Hant'].map((l) => countryName('MO', l))).toEqual(['Macau', '澳门', '澳門']);
    expect(countryName('DE', 'zh-Hant')).toBe('德國');
  });
});
