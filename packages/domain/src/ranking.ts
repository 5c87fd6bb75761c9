import { expandPrizeSlots, type PrizeSlot } from './prizes.ts';

/** The creativity score a most-creative slot needs (Love gives 100). */
export const CREATIVE_THRESHOLD = 100;

export type Metric = 'likes' | 'views';

export type RankablePost = {
  creator: string;
  platform: string;
  email: string;
  likes: number;
  views: number;
  creativityScore: number;
  source?: string | null;
  /** Epoch ms the post arrived; orders first-come prizes. */
  createdAt?: number;
};

/** One creator on one platform: their posts summed. */
export type Entry = {
  key: string;
  creator: string;
  platform: string;
  email: string;
  source: string;
  likes: number;
  views: number;
  creativityScore: number;
  postCount: number;
  firstPostAt: number;
};

export const entryKey = (creator: string, platform: string) =>
  `${creator.trim().toLowerCase()}|${platform.trim().toLowerCase()}`;

/** Merges posts by creator and platform: likes, views and creativity summed, posts counted. */
export function mergeEntries(posts: readonly RankablePost[]): Entry[] {
  const entries = new Map<string, Entry>();
  for (const post of posts) {
    const key = entryKey(post.creator, post.platform);
    const existing = entries.get(key);
    const createdAt = post.createdAt ?? Number.MAX_SAFE_INTEGER;
    if (existing) {
      existing.likes += post.likes;
      existing.views += post.views;
      existing.creativityScore += post.creativityScore;
      existing.postCount += 1;
      existing.firstPostAt = Math.min(existing.firstPostAt, createdAt);
    } else {
      entries.set(key, {
        key,
        creator: post.creator.trim(),
        platform: post.platform.trim().toLowerCase(),
        email: post.email.trim().toLowerCase(),
        source: post.source ?? '',
        likes: post.likes,
        views: post.views,
        creativityScore: post.creativityScore,
        postCount: 1,
        firstPostAt: createdAt,
      });
    }
  }
  return [...entries.values()];
}

const byKey = (a: Entry, b: Entry) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);

/** Best first by the metric, then the other metric, then creator and platform: ties never depend on input order. */
export function rankEntries(entries: readonly Entry[], metric: Metric): Entry[] {
  const other: Metric = metric === 'likes' ? 'views' : 'likes';
  return [...entries].sort((a, b) => b[metric] - a[metric] || b[other] - a[other] || byKey(a, b));
}

/** Entries that qualify for most-creative slots, best first: creativity score, then likes. */
export function creativeEntries(entries: readonly Entry[]): Entry[] {
  return entries
    .filter((e) => e.creativityScore >= CREATIVE_THRESHOLD)
    .sort((a, b) => b.creativityScore - a.creativityScore || b.likes - a.likes || byKey(a, b));
}

export type SuggestedWinner = { slot: PrizeSlot; entry: Entry; rule: string };

/**
 * Fills the prize slots in prize order. Rank slots take the best remaining entry by the
 * metric; creative slots the best remaining qualifying entry; first-come slots the earliest
 * remaining entry. No creator+platform wins twice; banned emails never win. Each winner
 * says which rule placed it; slots nobody qualifies for stay empty.
 */
export function suggestWinners(
  prizes: readonly string[],
  entries: readonly Entry[],
  options: { bannedEmails?: Iterable<string>; metric?: Metric } = {},
): SuggestedWinner[] {
  const metric = options.metric ?? 'likes';
  const banned = new Set([...(options.bannedEmails ?? [])].map((e) => e.trim().toLowerCase()));
  const eligible = entries.filter((e) => !banned.has(e.email));
  const queues = {
    rank: rankEntries(eligible, metric),
    creative: creativeEntries(eligible),
    'first-come': [...eligible].sort((a, b) => a.firstPostAt - b.firstPostAt || byKey(a, b)),
  };
  const awarded = new Set<string>();
  const winners: SuggestedWinner[] = [];
  for (const slot of expandPrizeSlots(prizes)) {
    const queue = queues[slot.kind];
    const position = queue.findIndex((e) => !awarded.has(e.key));
    if (position < 0) continue;
    const entry = queue[position]!;
    awarded.add(entry.key);
    const rule =
      slot.kind === 'rank'
        ? `rank ${slot.rank} by ${metric} (${entry[metric]})`
        : slot.kind === 'creative'
          ? `creativity score ${entry.creativityScore} (at least ${CREATIVE_THRESHOLD}), then likes`
          : 'first-come: among the earliest creators to post';
    winners.push({ slot, entry, rule });
  }
  return winners;
}

export type WinnerSelection = { creator: string; platform: string; email: string };

/**
 * The finish wizard's blocking checks, with the legacy texts: a creator+platform chosen twice,
 * or a banned email among the winners.
 */
export function validateWinners(
  selection: readonly WinnerSelection[],
  bannedEmails: Iterable<string>,
): string[] {
  const errors: string[] = [];
  const seen = new Set<string>();
  const duplicates: string[] = [];
  for (const w of selection) {
    const key = entryKey(w.creator, w.platform);
    if (seen.has(key) && !duplicates.includes(`${w.creator} - ${w.platform}`))
      duplicates.push(`${w.creator} - ${w.platform}`);
    seen.add(key);
  }
  if (duplicates.length) errors.push(`Duplicates found: ${duplicates.join(', ')}`);
  const banned = new Set([...bannedEmails].map((e) => e.trim().toLowerCase()));
  const bannedChosen = [
    ...new Set(selection.map((w) => w.email.trim().toLowerCase()).filter((e) => banned.has(e))),
  ];
  if (bannedChosen.length) errors.push(`Please Remove Banned Users: ${bannedChosen.join(', ')}`);
  return errors;
}
