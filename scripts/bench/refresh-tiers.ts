// Refresh tiers at scale (issue 42, decision 0138): a day of the data set's running posts
// replayed twice, every post read every 15 minutes (what gives the spike detector its hour) and
// by refresh tiers, with bought views seeded into one post in fifty. It counts the provider reads
// per post-day, and asks the spike detector whether each seeded spike is raised in each replay.
import {
  INTEGRITY_DEFAULTS,
  type IntegrityPlatform,
  REFRESH_TIERS,
  type Reading,
  type RefreshTier,
  lastRankNearPrizeCutoff,
  nextRefreshAt,
  refreshTier,
  viewSpikeSignal,
  viewsPerHour,
} from '@preffy/domain';
import type { Database } from '../../apps/server/src/db/database.ts';
import { benchPostViews } from '../../apps/server/src/dev/large-data-set.ts';
import { TARGETS } from './options.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** The schedule's round (REFRESH_INTERVAL_MINUTES): a post due is read at the next one. */
const TICK = 15 * MINUTE;
/** One post in this many gets bought views during the measured day. */
const SPIKE_EVERY = 50;

type Post = {
  index: number;
  createdAt: number;
  platform: IntegrityPlatform;
  competitionId: string;
  /** Its last two stored readings before the replay (the data set's snapshots). */
  stored: Reading[];
};

type Spike = { at: number; minutes: number; views: number; tier: 'high' | 'medium' };

export type TiersResult = {
  posts: number;
  /** Reads per post-day in the measured day, each post read every 15 minutes. */
  everyQuarterCallsPerPostDay: number;
  /** The same with every post read hourly, for comparison. */
  hourlyCallsPerPostDay: number;
  tiersCallsPerPostDay: number;
  /** 1 − tiers / every 15 minutes. */
  drop: number;
  /** Posts in each tier at the end of the day. */
  tiers: Record<RefreshTier, number>;
  nearPrizePosts: number;
  spikes: {
    seeded: number;
    /** Raised reading every 15 minutes: as the removing flag, as the note. */
    everyQuarter: { high: number; medium: number };
    hourly: { high: number; medium: number };
    tiers: { high: number; medium: number };
    /** Raised every 15 minutes, not with tiers. */
    missedByTiers: number;
    /** The removing flag every 15 minutes, only the note with tiers. */
    noteInsteadOfRemoval: number;
    /** Hours from the end of the bought views to the tiers' next read of the post (raised ones). */
    hoursToRaiseP95: number;
    hoursToRaiseMax: number;
  };
  /**
   * Posts without seeded views that raised a spike in the replay (both days), and of those the
   * ones entered during it: a new post's own first hours.
   */
  cleanPostsRaised: { everyQuarter: number; tiers: number; newPosts: number; removing: number };
  seconds: number;
};

/** A deterministic spread of a post's number into [0, 1). */
const spread = (n: number, salt: number) => (Math.sin(n * 12.9898 + salt * 78.233) * 43758.5453) % 1;
const unit = (n: number, salt: number) => Math.abs(spread(n, salt));

/** The post's seeded bought views, if it is one of the fiftieth: when, how long, how many. */
function spikeOf(post: Post, dayStart: number): Spike | null {
  if (post.index % SPIKE_EVERY !== 0) return null;
  const at = dayStart + Math.floor(unit(post.index, 1) * (DAY - 2 * HOUR)) + 7 * MINUTE;
  // Old enough that its own first hours are not part of it.
  if (at - post.createdAt < 2 * DAY) return null;
  const tier = (post.index / SPIKE_EVERY) % 2 === 0 ? 'high' : 'medium';
  const limits = INTEGRITY_DEFAULTS[post.platform].spike[tier];
  const before = benchPostViews(post.index, (at - post.createdAt) / HOUR);
  // Over the tier's growth by a third, in 20 to 60 minutes, and twice its floor at the least.
  const views = Math.round(Math.max(before * (limits.growthPerHour * 1.35 + 1), 2 * limits.minGain));
  return { at, minutes: 20 + Math.floor(unit(post.index, 2) * 41), views, tier };
}

function viewsAt(post: Post, spike: Spike | null, at: number) {
  const own = benchPostViews(post.index, (at - post.createdAt) / HOUR);
  if (!spike || at <= spike.at) return own;
  return own + Math.round(spike.views * Math.min(1, (at - spike.at) / (spike.minutes * MINUTE)));
}

const reading = (at: number, views: number): Reading => ({
  at,
  views,
  likes: Math.round(views * 0.05),
  comments: 0,
});
const firstTickFrom = (at: number) => Math.ceil(at / TICK) * TICK;

/** Every post read every `every` from its entry (or the replay's start). */
function readEvery(post: Post, spike: Spike | null, from: number, to: number, every: number) {
  const readings = [...post.stored];
  for (let t = firstTickFrom(Math.max(from, post.createdAt)); t < to; t += every)
    readings.push(reading(t, viewsAt(post, spike, t)));
  return readings;
}

/** The post read by its tier, starting from the tier its stored readings give it. */
function readByTiers(post: Post, spike: Spike | null, from: number, to: number, near: boolean) {
  const readings = [...post.stored];
  let tier: RefreshTier = refreshTier(viewsPerHour(post.stored), null, { nearPrizeCutoff: near });
  const last = post.stored.at(-1);
  let due = last ? nextRefreshAt(last.at, tier) : post.createdAt;
  for (let t = firstTickFrom(Math.max(due, from, post.createdAt)); t < to; t = firstTickFrom(due)) {
    const r = reading(t, viewsAt(post, spike, t));
    const before = readings.at(-1);
    tier = refreshTier(before ? viewsPerHour([before, r]) : null, tier, { nearPrizeCutoff: near });
    readings.push(r);
    due = nextRefreshAt(t, tier);
  }
  return { readings, tier };
}

function hoursToRaise(hours: number[]) {
  const sorted = [...hours].sort((a, b) => a - b);
  return {
    hoursToRaiseP95: sorted[Math.min(sorted.length - 1, Math.floor(0.95 * sorted.length))] ?? 0,
    hoursToRaiseMax: sorted.at(-1) ?? 0,
  };
}

const countIn = (readings: Reading[], from: number, to: number) =>
  readings.filter((r) => r.at >= from && r.at < to).length;

/**
 * The running competitions' live posts, with their last two snapshots before `before`, a
 * thousand at a time.
 */
async function* runningPosts(db: Database, before: number) {
  let after = '';
  for (;;) {
    const rows = await db
      .selectFrom('posts')
      .innerJoin('competitions', 'competitions.id', 'posts.competitionId')
      .select(['posts.id', 'posts.createdAt', 'posts.platform', 'posts.competitionId'])
      .where('competitions.isActive', '=', 1)
      .where('competitions.hasEnded', '=', 0)
      .where('competitions.deleted', '=', 0)
      .where('posts.deleted', '=', 0)
      .where('posts.id', 'like', 'bench-p-%')
      .where('posts.id', '>', after)
      .orderBy('posts.id')
      .limit(1000)
      .execute();
    if (!rows.length) return;
    after = rows.at(-1)!.id;
    const snapshots = await db
      .selectFrom('postSnapshots')
      .select(['postId', 'at', 'views'])
      .where(
        'postId',
        'in',
        rows.map((r) => r.id),
      )
      .where('at', '<', before)
      .orderBy('at')
      .execute();
    const byPost = new Map<string, Reading[]>();
    for (const s of snapshots)
      byPost.set(
        s.postId,
        [...(byPost.get(s.postId) ?? []), reading(Number(s.at), Number(s.views))].slice(-2),
      );
    yield rows.map((r): Post => ({
      index: Number(r.id.slice('bench-p-'.length)),
      createdAt: Number(r.createdAt),
      platform: r.platform as IntegrityPlatform,
      competitionId: r.competitionId,
      stored: byPost.get(r.id) ?? [],
    }));
  }
}

/**
 * The posts near a prize cut-off: in each running competition, as many of its posts with the
 * most views at the day's start as its rank prizes and the three ranks after them.
 */
async function nearPrizePosts(db: Database, posts: Post[], at: number) {
  const competitions = await db
    .selectFrom('competitions')
    .select(['id', 'prizes'])
    .where('isActive', '=', 1)
    .where('hasEnded', '=', 0)
    .where('deleted', '=', 0)
    .execute();
  const lastRank = new Map(competitions.map((c) => [c.id, lastRankNearPrizeCutoff(JSON.parse(c.prizes))]));
  const byCompetition = new Map<string, Post[]>();
  for (const p of posts)
    byCompetition.set(p.competitionId, [...(byCompetition.get(p.competitionId) ?? []), p]);
  const near = new Set<number>();
  for (const [id, list] of byCompetition) {
    const views = (p: Post) => benchPostViews(p.index, (at - p.createdAt) / HOUR);
    list.sort((a, b) => views(b) - views(a));
    for (const p of list.slice(0, lastRank.get(id) ?? 0)) near.add(p.index);
  }
  return near;
}

/** The spike the detector raises on a post's readings (the data set's posts are entered as published). */
const raised = (readings: Reading[], post: Post) =>
  viewSpikeSignal(readings, INTEGRITY_DEFAULTS[post.platform], post.createdAt);
const level = (signal: ReturnType<typeof raised>) =>
  signal === null ? null : signal.removes ? ('high' as const) : ('medium' as const);

/**
 * Replays the day from now (a day of warm-up before it, so each post's tier has settled) for the
 * data set's running posts, read every 15 minutes, hourly and by tiers.
 */
export async function measureRefreshTiers(db: Database): Promise<TiersResult> {
  const started = performance.now();
  const dayStart = firstTickFrom(Date.now());
  const warmStart = dayStart - DAY;
  const dayEnd = dayStart + DAY;
  const posts: Post[] = [];
  for await (const batch of runningPosts(db, warmStart))
    posts.push(...batch.filter((p) => p.createdAt < dayEnd));
  const near = await nearPrizePosts(db, posts, dayStart);

  const calls = { everyQuarter: 0, hourly: 0, tiers: 0 };
  const tiers = Object.fromEntries(REFRESH_TIERS.map((t) => [t, 0])) as Record<RefreshTier, number>;
  const spikes = {
    seeded: 0,
    everyQuarter: { high: 0, medium: 0 },
    hourly: { high: 0, medium: 0 },
    tiers: { high: 0, medium: 0 },
    missedByTiers: 0,
    noteInsteadOfRemoval: 0,
  };
  const cleanPostsRaised = { everyQuarter: 0, tiers: 0, newPosts: 0, removing: 0 };
  const readAfterSpike: number[] = [];
  let postDays = 0;
  for (const post of posts) {
    // The part of the measured day the post exists for.
    postDays += (dayEnd - Math.max(dayStart, post.createdAt)) / DAY;
    const spike = spikeOf(post, dayStart);
    const quarter = readEvery(post, spike, warmStart, dayEnd, TICK);
    const hourly = readEvery(post, spike, warmStart, dayEnd, HOUR);
    const tiered = readByTiers(post, spike, warmStart, dayEnd, near.has(post.index));
    calls.everyQuarter += countIn(quarter, dayStart, dayEnd);
    calls.hourly += countIn(hourly, dayStart, dayEnd);
    calls.tiers += countIn(tiered.readings, dayStart, dayEnd);
    tiers[tiered.tier]++;
    if (!spike) {
      const signal = raised(quarter, post);
      if (signal) {
        cleanPostsRaised.everyQuarter++;
        if (post.createdAt >= warmStart) cleanPostsRaised.newPosts++;
        if (signal.removes) cleanPostsRaised.removing++;
      }
      if (raised(tiered.readings, post)) cleanPostsRaised.tiers++;
      continue;
    }
    // A spiked post is followed for a day more, so that a dormant post's next reading (up to a
    // day later) is part of its replay; its reads were counted above, in the measured day only.
    const until = dayEnd + DAY;
    const followed = {
      quarter: readEvery(post, spike, warmStart, until, TICK),
      hourly: readEvery(post, spike, warmStart, until, HOUR),
      tiers: readByTiers(post, spike, warmStart, until, near.has(post.index)).readings,
    };
    // A seeded spike counts only where the same post without it raises nothing.
    const clean = {
      quarter: raised(readEvery(post, null, warmStart, until, TICK), post),
      tiers: raised(readByTiers(post, null, warmStart, until, near.has(post.index)).readings, post),
    };
    if (clean.quarter || clean.tiers) continue;
    spikes.seeded++;
    const byQuarter = level(raised(followed.quarter, post));
    const byHour = level(raised(followed.hourly, post));
    const byTiers = level(raised(followed.tiers, post));
    // How long after the bought views ended the tiers read the post again.
    const delivered = spike.at + spike.minutes * MINUTE;
    const next = followed.tiers.find((r) => r.at >= delivered);
    if (byTiers && next) readAfterSpike.push((next.at - delivered) / HOUR);
    if (byQuarter) spikes.everyQuarter[byQuarter]++;
    if (byHour) spikes.hourly[byHour]++;
    if (byTiers) spikes.tiers[byTiers]++;
    if (byQuarter && !byTiers) spikes.missedByTiers++;
    if (byQuarter === 'high' && byTiers === 'medium') spikes.noteInsteadOfRemoval++;
  }
  const perPostDay = (n: number) => (postDays > 0 ? n / postDays : 0);
  const result = {
    posts: posts.length,
    everyQuarterCallsPerPostDay: perPostDay(calls.everyQuarter),
    hourlyCallsPerPostDay: perPostDay(calls.hourly),
    tiersCallsPerPostDay: perPostDay(calls.tiers),
    drop: calls.everyQuarter > 0 ? 1 - calls.tiers / calls.everyQuarter : 0,
    tiers,
    nearPrizePosts: near.size,
    spikes: { ...spikes, ...hoursToRaise(readAfterSpike) },
    cleanPostsRaised,
    seconds: (performance.now() - started) / 1000,
  };
  return result;
}

/** The tiers' reads and spikes against the issue's targets. */
export function reportRefreshTiers(r: TiersResult): string[] {
  const f = (n: number) => n.toFixed(1);
  const pct = (n: number) => `${(n * 100).toFixed(1)} %`;
  const s = r.spikes;
  console.log(
    `Refresh tiers, a replayed day of ${r.posts.toLocaleString('en')} running posts (${r.nearPrizePosts.toLocaleString('en')} near a prize): ` +
      `${f(r.tiersCallsPerPostDay)} provider reads per post-day by tiers, ${f(r.everyQuarterCallsPerPostDay)} every 15 min (${pct(r.drop)} fewer; target at least ${pct(TARGETS.tierReadDrop)}), ${f(r.hourlyCallsPerPostDay)} hourly; ` +
      `at the day's end ${REFRESH_TIERS.map((t) => `${t} ${r.tiers[t].toLocaleString('en')}`).join(', ')}`,
  );
  console.log(
    `Seeded spikes: ${s.seeded}; raised every 15 min ${s.everyQuarter.high} high + ${s.everyQuarter.medium} notes, hourly ${s.hourly.high} + ${s.hourly.medium}, by tiers ${s.tiers.high} + ${s.tiers.medium}; ` +
      `missed by tiers ${s.missedByTiers}, a note instead of a removal ${s.noteInsteadOfRemoval}; tiers read the post ${f(s.hoursToRaiseP95)} h after the bought views at p95 (max ${f(s.hoursToRaiseMax)} h). ` +
      `Posts without seeded views raising a spike: ${r.cleanPostsRaised.everyQuarter} every 15 min (${r.cleanPostsRaised.newPosts} of them entered during the replay, ${r.cleanPostsRaised.removing} as the removing flag), ${r.cleanPostsRaised.tiers} by tiers (${f(r.seconds)} s)`,
  );
  const misses: string[] = [];
  if (r.drop < TARGETS.tierReadDrop) misses.push(`refresh tiers save ${pct(r.drop)} of the reads`);
  if (s.missedByTiers > 0) misses.push(`refresh tiers miss ${s.missedByTiers} seeded spikes`);
  return misses;
}
