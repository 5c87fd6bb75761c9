import {
  type Metric,
  type RankablePost,
  entryKey,
  mergeEntries,
  rankEntries,
  suggestWinners,
} from './ranking.ts';

export type LeaderboardPost = RankablePost & {
  /**
   * The messages of the flags stored on the post by its last check: the leaderboard shows
   * those, never a second reckoning of its own (which saw the referral bonus as likes).
   */
  flags: readonly string[];
};

export type LeaderboardRow = {
  rank: number;
  creator: string;
  platform: string;
  email: string;
  source: string;
  postCount: number;
  likes: number;
  views: number;
  creativityScore: number;
  /** The prize this entry would win now, or null. */
  prizeLabel: string | null;
  prizeAmount: number | null;
  /** Why it is placed where it is. */
  reason: string;
  /** The flag messages stored on any of its posts. */
  flags: string[];
};

/**
 * The leaderboard of a competition: posts merged by creator and platform, ranked by the
 * competition's metric, with the prize each entry would win now (suggestWinners: rank slots,
 * creative slots for creativity ≥ 100, first-come slots) and the flags stored on its posts.
 */
export function buildLeaderboard(
  posts: readonly LeaderboardPost[],
  options: {
    prizes: readonly string[];
    metric: Metric;
    bannedEmails: readonly string[];
    /**
     * Metrics staff set on the Creators tab, by entryKey(creator, platform): the entry ranks by
     * this number instead of its posts' sum of the competition's metric (decision 0025).
     */
    metricOverrides?: ReadonlyMap<string, number>;
  },
): LeaderboardRow[] {
  const flagsByEntry = new Map<string, Set<string>>();
  const banned = options.bannedEmails.map((e) => e.trim().toLowerCase());
  const bannedEntries = new Set<string>();
  for (const post of posts) {
    const key = entryKey(post.creator, post.platform);
    if (banned.includes(post.email.trim().toLowerCase())) bannedEntries.add(key);
    if (!post.flags.length) continue;
    const set = flagsByEntry.get(key) ?? new Set<string>();
    for (const message of post.flags) set.add(message);
    flagsByEntry.set(key, set);
  }
  const entries = mergeEntries(posts).map((entry) => {
    const override = options.metricOverrides?.get(entry.key);
    return override === undefined ? entry : { ...entry, [options.metric]: override };
  });
  const winners = new Map(
    suggestWinners(options.prizes, entries, { bannedEmails: banned, metric: options.metric }).map((w) => [
      w.entry.key,
      w,
    ]),
  );
  return rankEntries(entries, options.metric).map((entry, i) => {
    const won = winners.get(entry.key);
    const flags = [...(flagsByEntry.get(entry.key) ?? [])];
    return {
      rank: i + 1,
      creator: entry.creator,
      platform: entry.platform,
      email: entry.email,
      source: entry.source,
      postCount: entry.postCount,
      likes: entry.likes,
      views: entry.views,
      creativityScore: entry.creativityScore,
      prizeLabel: won?.slot.label ?? null,
      prizeAmount: won?.slot.amount ?? null,
      reason: won
        ? `${won.slot.label}: ${won.rule}`
        : bannedEntries.has(entry.key)
          ? 'banned: never wins'
          : `rank ${i + 1} by ${options.metric} (${entry[options.metric]}), no prize left`,
      flags,
    };
  });
}
