import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  REPOST_MAX_DISTANCE,
  bandNeighbours,
  hammingDistance,
  hashBands,
  isNearCover,
} from './perceptual-hash.ts';

const hex = (n: bigint) => n.toString(16).padStart(16, '0');
const hash64 = fc.bigInt({ min: 0n, max: (1n << 64n) - 1n });

describe('perceptual hashes', () => {
  it('counts the bits two hashes differ in', () => {
    expect(hammingDistance('0000000000000000', '0000000000000000')).toBe(0);
    expect(hammingDistance('0000000000000000', 'ffffffffffffffff')).toBe(64);
    expect(hammingDistance('0000000000000001', '8000000000000000')).toBe(2);
    expect(() => hammingDistance('xyz', '0000000000000000')).toThrow();
  });
  it('calls a cover near at 8 bits apart, not at 9', () => {
    expect(isNearCover('0000000000000000', '00000000000000ff')).toBe(true);
    expect(isNearCover('0000000000000000', '00000000000001ff')).toBe(false);
    expect(REPOST_MAX_DISTANCE).toBe(8);
  });
  it('splits a hash into four 16-bit bands, and a band has 137 neighbours within 2 bits', () => {
    expect(hashBands('0123456789abcdef')).toEqual([0x0123, 0x4567, 0x89ab, 0xcdef]);
    const neighbours = bandNeighbours(0x0123);
    expect(neighbours).toHaveLength(137);
    expect(new Set(neighbours).size).toBe(137);
  });
  it('never misses a near hash: some band of it is a neighbour of the same band of the other', () => {
    fc.assert(
      fc.property(hash64, fc.uniqueArray(fc.integer({ min: 0, max: 63 }), { maxLength: 8 }), (a, flips) => {
        const b = flips.reduce((h, bit) => h ^ (1n << BigInt(bit)), a);
        const [ha, hb] = [hex(a), hex(b)];
        expect(hammingDistance(ha, hb)).toBe(flips.length);
        const bandsA = hashBands(ha);
        const bandsB = hashBands(hb);
        expect(bandsA.some((band, i) => bandNeighbours(band).includes(bandsB[i]!))).toBe(true);
      }),
      { seed: 20261129, numRuns: 500 },
    );
  });
});
