import { describe, expect, it } from 'vitest';
import { COUNTRY_CONTINENTS, DEFAULT_CONTINENTS, continentOf, isCountryAllowed } from './countries.ts';

describe('country → continent table', () => {
  it('covers every ISO 3166-1 country that Intl knows, each once', () => {
    const names = new Intl.DisplayNames(['en'], { type: 'region' });
    const codes = Object.keys(COUNTRY_CONTINENTS);
    expect(codes.length).toBeGreaterThanOrEqual(249);
    for (const code of codes) expect(names.of(code), code).not.toBe(code);
  });
  it('places well-known countries', () => {
    expect(continentOf('us')).toBe('North America');
    expect(continentOf('BR')).toBe('South America');
    expect(continentOf('NG')).toBe('Africa');
    expect(continentOf('JP')).toBe('Asia');
    expect(continentOf('AU')).toBe('Oceania');
    expect(continentOf('DE')).toBe('Europe');
    expect(continentOf('ZZ')).toBeUndefined();
  });
  it('has the six default continents', () => {
    expect(DEFAULT_CONTINENTS).toEqual([
      'North America',
      'South America',
      'Asia',
      'Oceania',
      'Europe',
      'Africa',
    ]);
  });
  it('allows everyone when a competition lists neither countries nor continents', () => {
    expect(isCountryAllowed('US', { countries: null, continents: [] })).toBe(true);
    expect(isCountryAllowed('US', { countries: ['CA'], continents: [] })).toBe(false);
  });
});
