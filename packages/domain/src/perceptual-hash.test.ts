import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  HASH_BAND_BITS,
  REPOST_MAX_DISTANCE,
  bandNeighbours,
  hammingDistance,
  hashBands,
  isInformativeHash,
  isNearCover,
} from './perceptual-hash.ts';
import { possibleRepostSignal } from './integrity-signals.ts';

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
  it('splits a hash into bands of 22, 21 and 21 bits, with 254 and 232 neighbours within 2 bits', () => {
    expect(hashBands('0123456789abcdef')).toEqual(
      [
        0x0123456789abcdefn >> 42n,
        (0x0123456789abcdefn >> 21n) & 0x1fffffn,
        0x0123456789abcdefn & 0x1fffffn,
      ].map(Number),
    );
    expect(hashBands('ffffffffffffffff')).toEqual([2 ** 22 - 1, 2 ** 21 - 1, 2 ** 21 - 1]);
    const wide = bandNeighbours(0x3fffff, 22);
    expect(wide).toHaveLength(254);
    expect(new Set(wide).size).toBe(254);
    expect(wide.every((n) => n >= 0 && n < 2 ** 22)).toBe(true);
    expect(new Set(bandNeighbours(0x123, 21)).size).toBe(232);
  });
  it('never misses a near hash: some band of it is a neighbour of the same band of the other', () => {
    fc.assert(
      fc.property(hash64, fc.uniqueArray(fc.integer({ min: 0, max: 63 }), { maxLength: 8 }), (a, flips) => {
        const b = flips.reduce((h, bit) => h ^ (1n << BigInt(bit)), a);
        const [ha, hb] = [hex(a), hex(b)];
        expect(hammingDistance(ha, hb)).toBe(flips.length);
        const bandsA = hashBands(ha);
        const bandsB = hashBands(hb);
        expect(bandsA.some((band, i) => bandNeighbours(band, HASH_BAND_BITS[i]!).includes(bandsB[i]!))).toBe(
          true,
        );
      }),
      { seed: 20261129, numRuns: 500 },
    );
  });
});

describe('covers worth comparing', () => {
  it('skips a flat picture: fewer than 6 bits of either kind', () => {
    expect(isInformativeHash('0000000000000000')).toBe(false);
    expect(isInformativeHash('000000000000001f')).toBe(false);
    expect(isInformativeHash('000000000000003f')).toBe(true);
    expect(isInformativeHash('ffffffffffffffc0')).toBe(true);
    expect(isInformativeHash('ffffffffffffffe0')).toBe(false);
  });

  it('says which earlier entry a repost copies, as a note', () => {
    expect(possibleRepostSignal(null)).toBeNull();
    expect(
      possibleRepostSignal({
        distance: 3,
        earlierId: 'p1',
        earlierLink: 'https://www.tiktok.com/@a/video/1',
        earlierCreator: 'a',
        earlierRemoved: true,
      }),
    ).toEqual({
      code: 'possibleRepost',
      removes: false,
      values: {
        distance: 3,
        earlierId: 'p1',
        earlierLink: 'https://www.tiktok.com/@a/video/1',
        earlierCreator: 'a',
        earlierRemoved: 1,
      },
    });
  });
});
