import { describe, expect, it } from 'vitest';
import { countryName, platformName } from './labels.ts';

describe('labels of stored keys', () => {
  it('names platforms as users read them and keeps an unknown one as stored', () => {
    expect(platformName('tiktok')).toBe('TikTok');
    expect(platformName('YouTube')).toBe('YouTube');
    expect(platformName('instagram')).toBe('Instagram');
    expect(platformName('myspace')).toBe('myspace');
  });

  it('names countries in the language, says Unknown for an empty code, keeps odd values', () => {
    expect(countryName('US', 'en', 'Unknown')).toBe('United States');
    expect(countryName('de', 'de', 'Unbekannt')).toBe('Deutschland');
    expect(countryName('', 'en', 'Unknown')).toBe('Unknown');
    expect(countryName('Atlantis', 'en', 'Unknown')).toBe('Atlantis');
  });
});
