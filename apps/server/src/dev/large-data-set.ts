import { DAY_MS, hashBands } from '@preffy/domain';
import type { Database, Dialect } from '../db/database.ts';
import { bulkInsert } from './bulk-insert.ts';

/**
 * The data set of a busy label (issue 18), generated the same way every time from its scale:
 * at scale 1, 10,000 competitions, 1,000,000 posts with 5 stats snapshots each, 100,000
 * winners, 200,000 payments and 50,000 inquiries with 2 notes each. The skew is real: one
 * competition has 50,000 posts, the others with posts have a few hundred, and upcoming ones none.
 * Dates are days around `baseDay` (UTC midnight), so every tab of every list has rows.
 */
export const FULL_SIZE = {
  competitions: 10_000,
  posts: 1_000_000,
  snapshotsPerPost: 5,
  winners: 100_000,
  payments: 200_000,
  inquiries: 50_000,
  notesPerInquiry: 2,
  bigCompetitionPosts: 50_000,
} as const;

/** The competition with the most posts: the leaderboard and review benchmarks read it. */
export const BIG_COMPETITION_ID = 'bench-c-000000';
const BATCH = 5_000;

/**
 * A post's cover hash and its bands (migration 0038), drawn from its own generator so the rest of
 * the data set stays as it was: a million stored hashes for the repost check's benchmark.
 */
export function coverColumnsFrom(next: () => number) {
  const hex =
    Math.floor(next() * 2 ** 32)
      .toString(16)
      .padStart(8, '0') +
    Math.floor(next() * 2 ** 32)
      .toString(16)
      .padStart(8, '0');
  const [coverBand0, coverBand1, coverBand2] = hashBands(hex);
  return { coverHash: hex, coverBand0, coverBand1, coverBand2 };
}

const HOUR_MS = 3_600_000;
const HALF_LIVES_HOURS = [3, 6, 12, 24, 48, 96];

/**
 * The views of the data set's post number `post`, `hours` after it was posted: a short video's
 * life (issue 42's refresh tiers replay it). Nine tenths of its views come on a decay of its own
 * half-life (3 hours to 4 days), the last tenth evenly over 30 days. Its total runs from 500 to
 * 2,000,000 views, most posts small as on the platforms: half under 4,000, a quarter over 50,000,
 * one in eleven over 500,000. The snapshots follow it.
 */
export function benchPostViews(post: number, hours: number): number {
  if (hours <= 0) return 0;
  const spread = (post * 0.618033988749895) % 1; // golden-ratio steps: evenly spread, no clusters
  const total = 500 * 4000 ** (spread * spread);
  const halfLife = HALF_LIVES_HOURS[Math.floor(post / 3) % HALF_LIVES_HOURS.length]!;
  return Math.round(total * (0.9 * (1 - 2 ** (-hours / halfLife)) + 0.1 * Math.min(1, hours / 720)));
}

/** A small, fast, seeded random number generator (mulberry32): the same numbers every run. */
export function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');
const ARTISTS = [
  'Luna Vega',
  'The Midnight Club',
  'Rosa Montes',
  'Kai Tanaka',
  'Nova',
  'Dj Orbit',
  'Sol y Mar',
];
const WORDS = ['Summer', 'Neon', 'Heart', 'River', 'Gold', 'Echo', 'Fire', 'Dream', 'Wild', 'Night'];
const PLATFORMS = ['tiktok', 'instagram', 'youtube'] as const;

export type DataSetCounts = Record<
  'competitions' | 'posts' | 'snapshots' | 'winners' | 'payments' | 'inquiries' | 'notes',
  number
>;

/** How many rows of each kind the scale makes (at least one competition with one post). */
export function countsAt(scale: number): DataSetCounts {
  const of = (n: number) => Math.max(1, Math.round(n * scale));
  const posts = of(FULL_SIZE.posts);
  const inquiries = of(FULL_SIZE.inquiries);
  return {
    competitions: of(FULL_SIZE.competitions),
    posts,
    snapshots: posts * FULL_SIZE.snapshotsPerPost,
    winners: of(FULL_SIZE.winners),
    payments: of(FULL_SIZE.payments),
    inquiries,
    notes: inquiries * FULL_SIZE.notesPerInquiry,
  };
}

/** Posts per competition: the big one first, then a few hundred each for about 40% of the rest. */
export function postsPerCompetition(counts: DataSetCounts, next: () => number): number[] {
  const perCompetition = new Array<number>(counts.competitions).fill(0);
  const big = Math.min(
    counts.posts,
    Math.max(1, Math.round(counts.posts * (FULL_SIZE.bigCompetitionPosts / FULL_SIZE.posts))),
  );
  perCompetition[0] = big;
  let left = counts.posts - big;
  const withPosts = Math.max(1, Math.floor((counts.competitions - 1) * 0.4));
  const average = left / withPosts;
  for (let i = 1; i <= withPosts && i < counts.competitions && left > 0; i++) {
    const n = i === withPosts ? left : Math.min(left, Math.round(average * (0.5 + next())));
    perCompetition[i] = n;
    left -= n;
  }
  perCompetition[0]! += left; // What rounding left over.
  return perCompetition;
}

/** Where the data set's posts come from, the most frequent first. */
const POST_COUNTRIES = (
  'US BR MX GB IN ID PH DE FR NG CA ES IT TR AR CO VN TH PL NL ' +
  'AU JP KR ZA EG SA AE MY PK CL PE SE BE CH AT PT GR IE NZ KE'
).split(' ');

const record = (id: string, at: number) => ({ id, version: 1, deleted: 0, createdAt: at, updatedAt: at });

/** A competition of the data set: `band` 0 completed, 1 running, 2 upcoming (half of them holds). */
function competitionRow(id: string, i: number, start: number, band: number) {
  const artist = ARTISTS[i % ARTISTS.length]!;
  const invoice = 500 + (i % 40) * 250;
  return {
    ...record(id, start - 10 * DAY_MS),
    name: `${WORDS[i % WORDS.length]} ${WORDS[(i * 7) % WORDS.length]} ${i}`,
    organizer: artist,
    organizerEmail: `${artist.toLowerCase().replace(/\W+/g, '.')}@label.test`,
    image: null,
    audio: `https://open.spotify.com/track/bench${i}`,
    startDate: start,
    endDate: start + 7 * DAY_MS,
    lastUpdated: start,
    isActive: band === 1 ? 1 : 0,
    isClosed: 0,
    hasEnded: band === 0 ? 1 : 0,
    isConfirmed: band === 2 && i % 2 === 0 ? 0 : 1,
    isDirect: 0,
    is555: 0,
    prize: null,
    prizes: JSON.stringify(['1st Place: $200', '2nd Place: $100', 'First 30 Creators: $10']),
    campaignId: i,
    platforms: JSON.stringify(['TikTok']),
    invoiceAmount: invoice,
    competitionType: 'Hybrid',
    notes: null,
    takePct: 1,
    metric: i % 5 === 0 ? 'views' : 'likes',
    category: null,
    continents: JSON.stringify(['North America', 'Europe']),
    countries: null,
    creativeDirection: null,
    event: null,
    spotify: null,
    tiktok: null,
    instagram: null,
    tiktokSound: null,
    instagramSound: null,
    reservation: null,
  };
}

/** The competition the stats-refresh benchmark refreshes (apart from the data set's lists). */
export const REFRESH_COMPETITION_ID = 'bench-refresh';

/**
 * A running competition with `posts` posts over the three platforms, whose video ids the fake
 * providers answer at once (none of their scripted failures), for the refresh-rate benchmark.
 */
export async function seedRefreshCompetition(
  db: Database,
  dialect: Dialect,
  options: { posts: number; baseDay: number },
) {
  const start = options.baseDay - DAY_MS + 15 * 3600_000;
  // Its own campaign number (unique), past the data set's.
  const row = { ...competitionRow(REFRESH_COMPETITION_ID, 1, start, 1), campaignId: 1_000_000 };
  await bulkInsert(db, dialect, 'competitions', [row]);
  // Covers already hashed, as after a first refresh: the benchmark measures the numbers' calls.
  const covers = random(38);
  for (let from = 0; from < options.posts; from += BATCH) {
    const rows = [];
    for (let i = from; i < Math.min(options.posts, from + BATCH); i++) {
      const platform = PLATFORMS[i % 3]!;
      const video = `8${pad(i, 17)}1`;
      rows.push({
        ...record(`bench-r-${pad(i, 6)}`, start + i),
        ...coverColumnsFrom(covers),
        competitionId: REFRESH_COMPETITION_ID,
        link:
          platform === 'tiktok'
            ? `https://www.tiktok.com/@refresh${i}/video/${video}`
            : platform === 'instagram'
              ? `https://www.instagram.com/reel/R${pad(i, 10)}/`
              : `https://www.youtube.com/shorts/R${pad(i, 10)}`,
        email: `refresh${i}@creators.test`,
        creator: `refresh${i}`,
        platform,
        likes: 0,
        creativityScore: 0,
        source: 'Preffy',
        views: 0,
        shares: 0,
        comments: 0,
        flags: '[]',
        flagsCleared: 0,
      });
    }
    await bulkInsert(db, dialect, 'posts', rows);
  }
}

/** The competition whose payout CSV the benchmark makes: its winners submitted, all owed. */
export const PAYOUT_COMPETITION_ID = 'bench-payout';

/**
 * An ended competition with `winners` payments To Be Paid and its finish wizard at step 2 (the
 * winners submitted), so Download CSV has that many rows to write (the payout CSV benchmark).
 */
export async function seedPayoutCompetition(
  db: Database,
  dialect: Dialect,
  options: { winners: number; baseDay: number },
) {
  const start = options.baseDay - 40 * DAY_MS;
  const row = { ...competitionRow(PAYOUT_COMPETITION_ID, 2, start, 0), campaignId: 1_000_001 };
  await bulkInsert(db, dialect, 'competitions', [row]);
  const at = options.baseDay - DAY_MS;
  const payments = [];
  for (let i = 0; i < options.winners; i++) {
    const platform = PLATFORMS[i % 3]!;
    payments.push({
      ...record(`bench-payout-${pad(i, 5)}`, at + i),
      competitionId: PAYOUT_COMPETITION_ID,
      contactEmail: `payee${i}@winners.test`,
      contactId: null,
      vendorId: null,
      source: i % 10 === 0 ? 'Genni' : 'Preffy',
      paymentEmail: `payee${i}@paypal.test`,
      amount: 10 + (i % 20) * 10,
      status: 'To Be Paid',
      creator: `payee${i}`,
      platform,
      winnerKey: `payee${i}|${platform}`,
      prize: 10 + (i % 20) * 10,
      prizeLabel: `${i + 1}th Place`,
      paypalItemId: null,
      paypalItemStatus: null,
      paypalPayoutId: null,
      payoutFileId: null,
    });
  }
  await bulkInsert(db, dialect, 'payments', payments);
  await bulkInsert(db, dialect, 'competitionFinishes', [
    {
      ...record(PAYOUT_COMPETITION_ID, at),
      competitionId: PAYOUT_COMPETITION_ID,
      step: 'pay',
      winners: '[]',
      submittedAt: at,
      submittedBy: null,
      completedAt: null,
      completedBy: null,
    },
  ]);
}

type Progress = (what: string, done: number, total: number) => void;

/** Writes the data set; answers what it wrote. The database must be migrated and empty of it. */
export async function seedLargeDataSet(
  db: Database,
  dialect: Dialect,
  options: { scale: number; baseDay: number; progress?: Progress },
): Promise<DataSetCounts> {
  const counts = countsAt(options.scale);
  const next = random(18);
  const base = options.baseDay;
  const report = options.progress ?? (() => {});

  async function write(
    table: Parameters<typeof bulkInsert>[2],
    total: number,
    make: (i: number) => Record<string, unknown>,
  ) {
    for (let from = 0; from < total; from += BATCH) {
      const rows = [];
      for (let i = from; i < Math.min(total, from + BATCH); i++) rows.push(make(i));
      await bulkInsert(db, dialect, table, rows);
      report(table, Math.min(total, from + BATCH), total);
    }
  }

  // Competitions: a third completed, a third running, a third upcoming (of which half holds).
  const perCompetition = postsPerCompetition(counts, next);
  const competitionDays: number[] = [];
  await write('competitions', counts.competitions, (i) => {
    const band = i % 3; // 0 completed, 1 active, 2 upcoming
    const start =
      base + (band === 0 ? -30 - (i % 700) : band === 1 ? -(i % 7) : 3 + (i % 300)) * DAY_MS + 15 * 3600_000;
    competitionDays[i] = start;
    return competitionRow(i === 0 ? BIG_COMPETITION_ID : `bench-c-${pad(i, 6)}`, i, start, band);
  });

  // Posts, competition by competition; creators repeat within a competition (2 posts each).
  const postCompetition = new Array<number>(counts.posts);
  for (let c = 0, p = 0; c < perCompetition.length; c++)
    for (let k = 0; k < perCompetition[c]!; k++) postCompetition[p++] = c;
  const covers = random(42);
  const postTimes = new Array<number>(counts.posts);
  await write('posts', counts.posts, (i) => {
    const c = postCompetition[i]!;
    const platform = PLATFORMS[i % 3]!;
    const creator = `creator${Math.floor(i / 2)}`;
    const at = competitionDays[c]! + (i % 5000) * 60_000;
    postTimes[i] = at;
    const likes = Math.floor(next() ** 3 * 200_000);
    return {
      ...record(`bench-p-${pad(i, 7)}`, at),
      competitionId: c === 0 ? BIG_COMPETITION_ID : `bench-c-${pad(c, 6)}`,
      link:
        platform === 'tiktok'
          ? `https://www.tiktok.com/@${creator}/video/7${pad(i, 18)}`
          : platform === 'instagram'
            ? `https://www.instagram.com/reel/B${pad(i, 10)}/`
            : `https://www.youtube.com/shorts/Y${pad(i, 10)}`,
      email: `${creator}@creators.test`,
      creator,
      platform,
      likes,
      bonusLikes: null,
      postId: `7${pad(i, 18)}`,
      creativityScore: i % 4,
      source: 'Preffy',
      views: likes * 10 + (i % 1000),
      shares: Math.floor(likes / 50),
      comments: Math.floor(likes / 20),
      postedDate: at,
      // Forty countries, most posts in the first few; one in ten unknown.
      country: i % 10 === 9 ? null : POST_COUNTRIES[Math.floor(next() ** 2 * POST_COUNTRIES.length)]!,
      author: creator,
      statsCheckedAt: at + DAY_MS,
      statsProvider: 'fake',
      statsError: null,
      flags: '[]',
      flagsCleared: 0,
      deletedReason: null,
      disqualification: null,
      providerCountry: null,
      reviewedAt: i % 3 === 0 ? null : at + DAY_MS,
      reviewedBy: null,
      ...coverColumnsFrom(covers),
    };
  });

  // Five readings of each post's views (benchPostViews), 1, 6, 24, 48 and 96 hours after it was
  // posted; likes 5 % of the views, comments 0.5 %.
  const perPost = FULL_SIZE.snapshotsPerPost;
  const readingHours = [1, 6, 24, 48, 96];
  await write('postSnapshots', counts.snapshots, (i) => {
    const post = Math.floor(i / perPost);
    const step = i % perPost;
    const hours = readingHours[step]!;
    const views = benchPostViews(post, hours);
    return {
      id: `bench-s-${pad(i, 8)}`,
      postId: `bench-p-${pad(post, 7)}`,
      at: postTimes[post]! + hours * HOUR_MS,
      likes: Math.round(views * 0.05),
      views,
      comments: Math.round(views * 0.005),
      shares: step,
    };
  });

  await write('winners', counts.winners, (i) => ({
    ...record(`bench-w-${pad(i, 6)}`, base - (i % 900) * DAY_MS),
    email: `winner${i}@winners.test`,
    paypal: i % 4 === 0 ? null : `winner${i}@paypal.test`,
    isBanned: i % 97 === 0 ? 1 : 0,
    isUnsubscribed: i % 53 === 0 ? 1 : 0,
    isVetted: i % 3 === 0 ? 1 : 0,
    balance: i % 500,
  }));

  await write('payments', counts.payments, (i) => {
    const c = (i * 3) % counts.competitions; // completed competitions (band 0) first
    const winner = i % counts.winners;
    return {
      ...record(`bench-pay-${pad(i, 6)}`, base - (i % 900) * DAY_MS),
      competitionId: c === 0 ? BIG_COMPETITION_ID : `bench-c-${pad(c, 6)}`,
      contactEmail: `winner${winner}@winners.test`,
      contactId: null,
      vendorId: null,
      source: i % 10 === 0 ? 'Genni' : 'Preffy',
      paymentEmail: `winner${winner}@paypal.test`,
      amount: 10 + (i % 20) * 10,
      status: i % 4 === 0 ? 'To Be Paid' : 'Paid',
      creator: `creator${winner}`,
      platform: PLATFORMS[i % 3],
      winnerKey: `creator${winner}|${PLATFORMS[i % 3]}`,
      prize: 10 + (i % 20) * 10,
      prizeLabel: '1st Place',
      paypalItemId: null,
      paypalItemStatus: null,
      paypalPayoutId: null,
      payoutFileId: null,
    };
  });

  const STATUSES = ['Unseen', 'In Progress', 'Completed'];
  await write('inquiries', counts.inquiries, (i) => ({
    ...record(`bench-i-${pad(i, 6)}`, base - (i % 700) * DAY_MS),
    firstName: `First${i}`,
    lastName: `Last${i % 997}`,
    email: `artist${i}@labels.test`,
    phone: null,
    source: ['Instagram', 'Referral', 'Google'][i % 3],
    assignedToEmail: i % 2 === 0 ? 'admin@preffy.test' : null,
    inquiryType: ['Artist', 'Label', 'Manager'][i % 3],
    status: STATUSES[i % 3],
    message: `Hello, we would like to promote our new single number ${i}.`,
    platforms: JSON.stringify(['TikTok']),
    date: base - (i % 700) * DAY_MS,
    competitionId: null,
  }));

  const perInquiry = FULL_SIZE.notesPerInquiry;
  await write('notes', counts.notes, (i) => {
    const inquiry = Math.floor(i / perInquiry);
    const at = base - (inquiry % 700) * DAY_MS + (i % perInquiry) * 3600_000;
    return {
      ...record(`bench-n-${pad(i, 6)}`, at),
      inquiryId: `bench-i-${pad(inquiry, 6)}`,
      authorId: null,
      displayName: 'Sam Staff',
      authorImage: null,
      message: `<p>Called them back (${i % perInquiry ? 'second' : 'first'} note).</p>`,
      noteDate: at,
    };
  });

  return counts;
}
