import { describe, expect, it } from 'vitest';
import { countOf, num, roundedAmong, viewsOf } from './provider-numbers.ts';

describe("a provider's counts", () => {
  it('reads numbers, digits and rounded figures, and says which are rounded', () => {
    expect(countOf(1234)).toEqual({ value: 1234, rounded: false });
    expect(countOf('1,234')).toEqual({ value: 1234, rounded: false });
    expect(countOf('1.2M')).toEqual({ value: 1_200_000, rounded: true });
    expect(countOf('52K')).toEqual({ value: 52_000, rounded: true });
    expect(countOf(' 3.4b ')).toEqual({ value: 3_400_000_000, rounded: true });
    expect(countOf('')).toBeNull();
    expect(countOf('many')).toBeNull();
    expect(countOf(null)).toBeNull();
    expect(countOf(Number.NaN)).toBeNull();
  });
  it('keeps what the adapters relied on: nothing is 0 likes, nothing is unknown views', () => {
    expect(num(undefined)).toBe(0);
    expect(num('many')).toBe(0);
    expect(viewsOf(undefined)).toEqual({ views: 0, viewsKind: 'unknown' });
    expect(viewsOf('1.5K')).toEqual({ views: 1500, viewsKind: 'reported' });
    expect(roundedAmong(10, '2K')).toBe(true);
    expect(roundedAmong(10, '2,000')).toBe(false);
  });
});
