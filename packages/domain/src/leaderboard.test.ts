import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildLeaderboard, type LeaderboardPost } from './leaderboard.ts';
import { entryKey } from './ranking.ts';

const post = (
  creator: string,
  platform: string,
  likes: number,
  views: number,
  extra: Partial<LeaderboardPost> = {},
) => ({
  creator,
  platform,
  email: `${creator}@c.test`,
  likes,
  views,
  creativityScore: 0,
  flags: [],
  ...extra,
});

describe('leaderboard', () => {
  const posts = [
    post('ana', 'tiktok', 500, 1000, { flags: ['Banned User'] }),
    post('ana', 'tiktok', 300, 9000, { flags: ['Banned User'] }),
    post('ben', 'tiktok', 700, 2000),
    post('cai', 'instagram', 100, 50_000, { creativityScore: 100 }),
    post('ana', 'youtube', 10, 100),
  ];

  it("ranks an entry by a staff-set metric instead of its posts' sum, and only by that metric", () => {
    const rows = buildLeaderboard(posts, {
      prizes: ['1st Place: $200'],
      metric: 'likes',
      bannedEmails: [],
      metricOverrides: new Map([[entryKey('CAI ', 'Instagram'), 5000]]),
    });
    expect(rows.map((r) => [r.rank, r.creator, r.likes, r.views])).toEqual([
      [1, 'cai', 5000, 50_000],
      [2, 'ana', 800, 10_000],
      [3, 'ben', 700, 2000],
      [4, 'ana', 10, 100],
    ]);
    expect(rows[0]).toMatchObject({ prizeLabel: '1st Place', reason: '1st Place: rank 1 by likes (5000)' });
  });

  it('merges posts by creator and platform and ranks by likes', () => {
    const rows = buildLeaderboard(posts, {
      prizes: ['1st Place: $200', '2nd Place: $100'],
      metric: 'likes',
      bannedEmails: [],
    });
    expect(rows.map((r) => [r.rank, r.creator, r.platform, r.postCount, r.likes])).toEqual([
      [1, 'ana', 'tiktok', 2, 800],
      [2, 'ben', 'tiktok', 1, 700],
      [3, 'cai', 'instagram', 1, 100],
      [4, 'ana', 'youtube', 1, 10],
    ]);
    expect(rows[0]).toMatchObject({ prizeLabel: '1st Place', prizeAmount: 200 });
    expect(rows[0]!.reason).toBe('1st Place: rank 1 by likes (800)');
    expect(rows[2]).toMatchObject({ prizeLabel: null, reason: 'rank 3 by likes (100), no prize left' });
  });

  it('ranks by views when that is the metric', () => {
    const rows = buildLeaderboard(posts, {
      prizes: ['1st Place: $200'],
      metric: 'views',
      bannedEmails: [],
    });
    expect(rows.map((r) => r.creator + ':' + r.platform)).toEqual([
      'cai:instagram',
      'ana:tiktok',
      'ben:tiktok',
      'ana:youtube',
    ]);
    expect(rows[0]).toMatchObject({ prizeAmount: 200 });
  });

  it('gives creative slots to creativity 100 or more, and never a prize to a banned creator', () => {
    const rows = buildLeaderboard(posts, {
      prizes: ['1st Place: $200', 'Most Creative: $50'],
      metric: 'likes',
      bannedEmails: ['ana@c.test'],
    });
    const byName = (c: string, p: string) => rows.find((r) => r.creator === c && r.platform === p)!;
    expect(byName('ben', 'tiktok')).toMatchObject({ prizeLabel: '1st Place' });
    expect(byName('cai', 'instagram')).toMatchObject({ prizeLabel: 'Most Creative', prizeAmount: 50 });
    expect(byName('ana', 'tiktok')).toMatchObject({ prizeLabel: null, reason: 'banned: never wins' });
    expect(byName('ana', 'tiktok').flags).toEqual(['Banned User']);
  });

  it("lists the flags stored on an entry's posts, once each, and raises none of its own", () => {
    const rows = buildLeaderboard(
      [
        post('dee', 'tiktok', 50, 20, { flags: ['Invalid Post Date', 'Sudden view spike'] }),
        post('dee', 'tiktok', 10, 20, { flags: ['Invalid Post Date'] }),
        // A referral bonus makes the stored likes exceed the views: the post's check judged the
        // platform's likes and raised nothing, and the leaderboard says the same.
        post('eve', 'tiktok', 5000, 3000, { flags: [] }),
      ],
      { prizes: [], metric: 'likes', bannedEmails: [] },
    );
    const flagsOf = (creator: string) => rows.find((r) => r.creator === creator)!.flags;
    expect(flagsOf('dee')).toEqual(['Invalid Post Date', 'Sudden view spike']);
    expect(flagsOf('eve')).toEqual([]);
  });

  // The server reads a board's entry count from its last rank (decision 0078).
  it('ranks every entry from 1 without a gap or a repeat, whatever the posts, ties and bans', () => {
    const creator = fc.constantFrom('ana', 'ben', 'cai', 'dee', 'eli');
    const platform = fc.constantFrom('tiktok', 'instagram', 'youtube');
    const likes = fc.integer({ min: 0, max: 50 });
    fc.assert(
      fc.property(
        fc.array(fc.tuple(creator, platform, likes, likes), { maxLength: 40 }),
        fc.constantFrom('likes' as const, 'views' as const),
        fc.subarray(['ana@c.test', 'ben@c.test']),
        (tuples, metric, bannedEmails) => {
          const rows = buildLeaderboard(
            tuples.map(([c, p, l, v]) => post(c, p, l, v)),
            { prizes: ['1st Place: $200', '2nd-3rd Place: $50'], metric, bannedEmails },
          );
          expect(rows.map((r) => r.rank)).toEqual(rows.map((_, i) => i + 1));
        },
      ),
    );
  });
});
