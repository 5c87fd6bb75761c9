import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { naturalSortKey } from './natural-sort.ts';

const byKey = (values: string[]) =>
  [...values].sort((a, b) =>
    naturalSortKey(a) < naturalSortKey(b) ? -1 : naturalSortKey(a) > naturalSortKey(b) ? 1 : 0,
  );

describe('natural sort', () => {
  it('puts creator2 before creator10, and ignores case', () => {
    expect(byKey(['creator10', 'Creator2', 'creator1', 'creator'])).toEqual([
      'creator',
      'creator1',
      'Creator2',
      'creator10',
    ]);
    expect(byKey(['v1.10', 'v1.9', 'v1.2'])).toEqual(['v1.2', 'v1.9', 'v1.10']);
    expect(naturalSortKey(null)).toBe('');
  });

  it('orders the same prefix by the number after it, whatever the numbers', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 8 }).filter((s) => !/\d$/.test(s)),
        fc.nat({ max: 1e11 }),
        fc.nat({ max: 1e11 }),
        (prefix, a, b) => {
          const [first, second] = [naturalSortKey(`${prefix}${a}`), naturalSortKey(`${prefix}${b}`)];
          expect(first < second).toBe(a < b);
          expect(first === second).toBe(a === b);
        },
      ),
    );
  });
});
