import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type RankablePost,
  creativeEntries,
  mergeEntries,
  rankEntries,
  suggestWinners,
  validateWinners,
} from './ranking.ts';

const post = (
  creator: string,
  platform: string,
  likes: number,
  views = likes * 10,
  creativityScore = 0,
  createdAt = 0,
): RankablePost => ({
  creator,
  platform,
  email: `${creator}@x.io`,
  likes,
  views,
  creativityScore,
  createdAt,
});

describe('mergeEntries', () => {
  it('merges by creator and platform, summing likes, views and creativity and counting posts', () => {
    const entries = mergeEntries([
      post('ann', 'tiktok', 10, 100, 10),
      post('Ann', 'TikTok', 5, 50, 100),
      post('ann', 'instagram', 1),
    ]);
    expect(entries).toHaveLength(2);
    expect(entries.find((e) => e.platform === 'tiktok')).toMatchObject({
      likes: 15,
      views: 150,
      creativityScore: 110,
      postCount: 2,
    });
  });
});

describe('ranking', () => {
  it('orders by the metric, ties broken by the other metric then by name', () => {
    const entries = mergeEntries([
      post('b', 'tiktok', 10, 500),
      post('a', 'tiktok', 10, 500),
      post('c', 'tiktok', 10, 900),
      post('d', 'tiktok', 50, 1),
    ]);
    expect(rankEntries(entries, 'likes').map((e) => e.creator)).toEqual(['d', 'c', 'a', 'b']);
    expect(rankEntries(entries, 'views').map((e) => e.creator)).toEqual(['c', 'a', 'b', 'd']);
  });
  it('does not depend on the order posts arrive in', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            c: fc.constantFrom('a', 'b', 'c', 'd'),
            p: fc.constantFrom('tiktok', 'youtube'),
            l: fc.nat(100),
          }),
          { maxLength: 20 },
        ),
        (rows) => {
          const posts = rows.map((r) => post(r.c, r.p, r.l));
          const ranked = (list: RankablePost[]) => rankEntries(mergeEntries(list), 'likes').map((e) => e.key);
          expect(ranked([...posts].reverse())).toEqual(ranked(posts));
        },
      ),
    );
  });
  it('lets only a summed creativity score of 100 or more into creative slots, best score then likes first', () => {
    const entries = mergeEntries([
      post('a', 'tiktok', 5, 50, 100),
      post('b', 'tiktok', 9, 90, 100),
      post('c', 'tiktok', 1, 10, 200),
      post('d', 'tiktok', 99, 990, 90),
    ]);
    expect(creativeEntries(entries).map((e) => e.creator)).toEqual(['c', 'b', 'a']);
  });
});

describe('suggestWinners', () => {
  const entries = mergeEntries([
    post('top', 'tiktok', 1000),
    post('second', 'tiktok', 900),
    post('artsy', 'tiktok', 10, 100, 100),
    post('early', 'youtube', 1, 10, 0, 1),
    post('banned', 'tiktok', 5000),
  ]).map((e) => (e.creator === 'banned' ? { ...e, email: 'cheat@x.io' } : e));

  it('fills slots in prize order, skipping banned emails, and explains each choice', () => {
    const winners = suggestWinners(
      ['1st Place: $200', '2nd Place: $100', 'Most Creative: $50', 'First 1 Creators: $10'],
      entries,
      {
        bannedEmails: ['CHEAT@x.io'],
      },
    );
    expect(winners.map((w) => [w.slot.label, w.entry.creator])).toEqual([
      ['1st Place', 'top'],
      ['2nd Place', 'second'],
      ['Most Creative', 'artsy'],
      ['First 1 Creators', 'early'],
    ]);
    expect(winners[0]!.rule).toBe('rank 1 by likes (1000)');
    expect(winners[2]!.rule).toContain('creativity score 100');
  });

  it("pays 'First N Creators' to the N earliest creators, the amount each", () => {
    const early = ['a', 'b', 'c', 'd'].map((creator, i) => post(creator, 'tiktok', 10, 100, 0, 4 - i));
    const winners = suggestWinners(['First 3 Creators: $20'], mergeEntries(early));
    expect(winners.map((w) => [w.entry.creator, w.slot.amount])).toEqual([
      ['d', 20],
      ['c', 20],
      ['b', 20],
    ]);
  });

  it('never gives one creator+platform two prizes and never picks a banned email', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            c: fc.constantFrom('a', 'b', 'c', 'd', 'e'),
            p: fc.constantFrom('tiktok', 'instagram'),
            l: fc.nat(1000),
            s: fc.constantFrom(0, 10, 100),
          }),
        ),
        fc.subarray(['a@x.io', 'b@x.io']),
        (rows, banned) => {
          const pool = mergeEntries(rows.map((r) => post(r.c, r.p, r.l, r.l, r.s)));
          const winners = suggestWinners(
            ['1st-5th Place: $10', 'Top 3 Most Creative: $5', 'First 3 Creators: $1'],
            pool,
            { bannedEmails: banned },
          );
          const keys = winners.map((w) => w.entry.key);
          expect(new Set(keys).size).toBe(keys.length);
          expect(winners.some((w) => banned.includes(w.entry.email))).toBe(false);
          expect(winners.length).toBeLessThanOrEqual(pool.length);
        },
      ),
    );
  });
});

describe('validateWinners', () => {
  it("blocks duplicate creator and platform pairs: 'Duplicates found: …'", () => {
    const errors = validateWinners(
      [
        { creator: 'ann', platform: 'tiktok', email: 'a@x.io' },
        { creator: 'ann', platform: 'tiktok', email: 'a2@x.io' },
        { creator: 'ann', platform: 'instagram', email: 'a@x.io' },
      ],
      [],
    );
    expect(errors).toEqual(['Duplicates found: ann - tiktok']);
  });
  it("blocks banned winners: 'Please Remove Banned Users: …'", () => {
    const errors = validateWinners(
      [
        { creator: 'ann', platform: 'tiktok', email: 'A@x.io' },
        { creator: 'bob', platform: 'tiktok', email: 'b@x.io' },
      ],
      ['a@x.io'],
    );
    expect(errors).toEqual(['Please Remove Banned Users: a@x.io']);
  });
  it('passes a clean selection', () => {
    expect(validateWinners([{ creator: 'ann', platform: 'tiktok', email: 'a@x.io' }], ['b@x.io'])).toEqual(
      [],
    );
  });
});
