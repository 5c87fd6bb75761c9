import { describe, expect, it } from 'vitest';
import { abbreviateCount } from './format.ts';

describe('abbreviateCount', () => {
  it('abbreviates at 1e3 (K), 1e6 (M) and 1e9 (G)', () => {
    expect(abbreviateCount(999)).toBe('999');
    expect(abbreviateCount(1000)).toBe('1K');
    expect(abbreviateCount(1234)).toBe('1.2K');
    expect(abbreviateCount(2_500_000)).toBe('2.5M');
    expect(abbreviateCount(3_000_000_000)).toBe('3G');
  });
  it('moves up a unit instead of showing 1000K', () => {
    expect(abbreviateCount(999_950)).toBe('1M');
  });
});
