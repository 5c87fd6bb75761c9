import { describe, expect, it } from 'vitest';
import { abbreviateCount } from './format.ts';

describe('abbreviateCount', () => {
  it('abbreviates at a thousand (K), a million (M) and a billion (B)', () => {
    expect(abbreviateCount(999)).toBe('999');
    expect(abbreviateCount(1000)).toBe('1K');
    expect(abbreviateCount(1234)).toBe('1.2K');
    expect(abbreviateCount(2_500_000)).toBe('2.5M');
    expect(abbreviateCount(3_000_000_000)).toBe('3B');
  });
  it('moves up a unit instead of showing 1000K', () => {
    expect(abbreviateCount(999_950)).toBe('1M');
  });
  it('shortens in the reader’s language, not with English letters', () => {
    expect(abbreviateCount(1234, 'ru')).toBe('1,2\u00a0тыс.');
    expect(abbreviateCount(2_500_000, 'ru')).toBe('2,5\u00a0млн');
    expect(abbreviateCount(1234, 'es')).toBe('1,2\u00a0mil');
  });
});
