import { DEFAULT_REFERRAL_BONUS_LIKES, entryKey, expandPrizeSlots } from '@preffy/domain';
import type { Database } from '../../db/database.ts';
import type { Flag } from '../../db/schema.ts';
import { newId, now } from '../../lib/clock.ts';

const DAY = 24 * 3600_000;
const CONTINENTS = ['North America', 'South America', 'Asia', 'Oceania', 'Europe', 'Africa'];
const SONGS = [
  ['Midnight Drive', 'Luna Vega'],
  ['Paper Hearts', 'The Kites'],
  ['Gold Rush', 'Jay Mora'],
  ['Neon Summer', 'Ari Blue'],
  ['Falling Up', 'Mika Stone'],
  ['Echoes', 'Nova Lane'],
  ['Wildfire', 'Rio Santos'],
  ['Blue Hour', 'Sam Ivory'],
  ['Satellite', 'Dani Park'],
  ['Daydream', 'Kai Rivers'],
  ['Low Tide', 'Emi Cole'],
  ['Overdrive', 'Theo Marsh'],
] as const;
const PLATFORMS = ['tiktok', 'instagram', 'youtube'] as const;

/** Deterministic pseudo-random numbers: the demo looks the same on every install. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const at15 = (ms: number) => {
  const d = new Date(ms);
  d.setUTCHours(15, 0, 0, 0);
  return d.getTime();
};
const flag = (b: boolean): Flag => (b ? 1 : 0);
/** Realistic, distinct video ids per platform (as parsePostLink reads them from the links). */
const demoPostId = (platform: string, n: number) =>
  platform === 'tiktok'
    ? `73000000000${String(n).padStart(8, '0')}`
    : platform === 'instagram'
      ? `DEMO${String(n).padStart(6, '0')}`
      : `Dm${String(n).padStart(9, '0')}`;
const demoLink = (platform: string, creator: string, n: number) =>
  platform === 'tiktok'
    ? `https://www.tiktok.com/@${creator}/video/${demoPostId(platform, n)}`
    : platform === 'instagram'
      ? `https://www.instagram.com/reel/${demoPostId(platform, n)}/`
      : `https://www.youtube.com/watch?v=${demoPostId(platform, n)}`;
const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '');

/**
 * Loads a small, realistic data set on first start (competitions in every state, posts,
 * winners, payments, promotions, inquiries with notes) so a new user sees a working tool.
 * Does nothing when any competition exists. Returns true when it loaded.
 */
export async function seedDemoData(db: Database): Promise<boolean> {
  const existing = await db.selectFrom('competitions').select('id').limit(1).executeTakeFirst();
  if (existing) return false;
  const rnd = random(42);
  const today = at15(now());
  const record = () => ({ id: newId(), version: 1, deleted: 0 as const, createdAt: now(), updatedAt: now() });

  await db.transaction().execute(async (trx) => {
    for (const [index, [song, artist]] of SONGS.entries()) {
      // Four of each: upcoming (holds and confirmed), active, completed.
      const state =
        index % 4 === 0 ? 'hold' : index % 4 === 1 ? 'upcoming' : index % 4 === 2 ? 'active' : 'completed';
      const start =
        state === 'completed'
          ? today - (30 + index) * DAY
          : state === 'active'
            ? today - 3 * DAY
            : today + (7 + index) * DAY;
      const invoice = 1000 + Math.round(rnd() * 8) * 500;
      const competition = {
        ...record(),
        name: song,
        organizer: artist,
        organizerEmail: `${slug(artist)}@artists.example`,
        image: null,
        audio: `https://soundcloud.com/${slug(artist)}/${slug(song)}`,
        startDate: start,
        endDate: start + 7 * DAY,
        lastUpdated: now() - index * 3600_000,
        isActive: flag(state === 'active'),
        isClosed: 0 as const,
        hasEnded: flag(state === 'completed'),
        isConfirmed: flag(state !== 'hold'),
        isDirect: flag(index % 3 === 0),
        is555: flag(index % 5 === 0),
        prize: null,
        prizes: JSON.stringify(['1st Place: $200', '2nd Place: $100', 'First 30 Creators: $10']),
        campaignId: index + 1,
        platforms: JSON.stringify(['TikTok']),
        invoiceAmount: invoice,
        competitionType: ['Hybrid', 'Engagement', 'Creative'][index % 3]!,
        notes: '<p>Demo competition.</p>',
        takePct: 1,
        metric: index % 2 ? 'views' : 'likes',
        category: null,
        continents: JSON.stringify(CONTINENTS),
        countries: null,
        creativeDirection: 'Show your best dance to the chorus.',
        event: null,
        spotify: `https://open.spotify.com/artist/${slug(artist)}`,
        tiktok: null,
        instagram: null,
        tiktokSound: null,
        instagramSound: null,
      };
      await trx.insertInto('competitions').values(competition).execute();
      if (state === 'hold' || state === 'upcoming') continue;

      // A completed competition's first three posts won its first three prize slots (submitted in
      // the finish wizard, which now waits at Pay Winners): the winners its payments pay.
      const slots = expandPrizeSlots(JSON.parse(competition.prizes) as string[]);
      const chosen: ({ creator: string; platform: string; email: string; source: string } | null)[] =
        slots.map(() => null);
      const creatorOf = (p: number) => `creator${(index * 8 + p) % 40}`;
      const linkOf = (p: number) => demoLink(PLATFORMS[p % 3]!, creatorOf(p), index * 100 + p);
      // Referrals (decision 0024): posts 3 and 5 came in through post 1 (scored, so its likes
      // carry the bonus), post 4 through post 2 (not yet scored: no bonus yet).
      const referredBy: Record<number, number[]> = { 1: [3, 5], 2: [4] };
      for (let p = 0; p < 8; p++) {
        const platform = PLATFORMS[p % 3]!;
        const creator = creatorOf(p);
        const views = Math.round(1000 + rnd() * 200_000);
        const referrals = referredBy[p] ?? [];
        const bonusLikes = p % 2 ? referrals.length * DEFAULT_REFERRAL_BONUS_LIKES : null;
        const post = {
          ...record(),
          competitionId: competition.id,
          link: linkOf(p),
          email: `${creator}@creators.example`,
          creator,
          platform,
          likes: Math.round(views * (0.02 + rnd() * 0.1)) + (bonusLikes ?? 0),
          bonusLikes,
          postId: demoPostId(platform, index * 100 + p),
          creativityScore: p % 4 === 0 ? 100 : 0,
          source: p === 5 ? 'genni' : '',
          views,
          shares: Math.round(rnd() * 500),
          comments: Math.round(rnd() * 300),
          postedDate: start + DAY,
          country: 'US',
        };
        await trx.insertInto('posts').values(post).execute();
        for (const q of referrals)
          await trx
            .insertInto('referrals')
            .values({ ...record(), postId: post.id, referringLink: linkOf(q) })
            .execute();
        if (state === 'completed' && p < 3) {
          await trx
            .insertInto('payments')
            .values({
              ...record(),
              competitionId: competition.id,
              contactEmail: post.email,
              contactId: null,
              vendorId: null,
              source: post.source === 'genni' ? 'Genni' : 'Preffy',
              paymentEmail: post.email,
              amount: [160, 80, 8][p]!,
              status: p === 0 ? 'Paid' : 'To Be Paid',
              creator,
              platform,
              winnerKey: entryKey(creator, platform),
              prize: slots[p]!.amount,
              prizeLabel: slots[p]!.label,
            })
            .execute();
          chosen[p] = { creator, platform, email: post.email, source: post.source };
        }
      }
      if (state === 'completed')
        await trx
          .insertInto('competitionFinishes')
          .values({
            ...record(),
            id: competition.id,
            competitionId: competition.id,
            step: 'pay',
            winners: JSON.stringify(chosen),
            submittedAt: competition.endDate + DAY,
            submittedBy: null,
            completedAt: null,
            completedBy: null,
          })
          .execute();
      if (state === 'active') {
        await trx
          .insertInto('promotions')
          .values({
            ...record(),
            competitionId: competition.id,
            name: `${song} giveaway`,
            startDate: start,
            endDate: start + 7 * DAY,
            isActive: 1,
            amount: 10,
            // The creators of the referred posts, so the referral screens show them.
            creatorEmails: JSON.stringify([1, 2].map((p) => `${creatorOf(p)}@creators.example`)),
            remainingBalance: 200,
          })
          .execute();
      }
    }

    for (let w = 0; w < 15; w++) {
      await trx
        .insertInto('winners')
        .values({
          ...record(),
          email: `creator${w}@creators.example`,
          paypal: `creator${w}@paypal.example`,
          isBanned: flag(w === 13),
          isUnsubscribed: flag(w === 14),
          isVetted: flag(w % 3 === 0),
          balance: Math.round(rnd() * 300),
        })
        .execute();
    }

    const statuses = ['Unseen', 'In Progress', 'Completed'];
    const people = [
      ['Maya', 'Chen'],
      ['Omar', 'Haddad'],
      ['Lena', 'Fischer'],
      ['Carlos', 'Ruiz'],
      ['Ivy', 'Nakamura'],
      ['Pavel', 'Orlov'],
    ] as const;
    for (const [i, [firstName, lastName]] of people.entries()) {
      const inquiry = {
        ...record(),
        firstName,
        lastName,
        email: `${firstName.toLowerCase()}.${lastName.toLowerCase()}@label.example`,
        phone: `+1 212 555 010${i}`,
        source: i % 2 ? 'Website' : 'Referral',
        assignedToEmail: null,
        inquiryType: i % 2 ? 'Campaign' : 'Pricing',
        status: statuses[i % 3]!,
        message: `Hi, we would like to promote a new single (${SONGS[i]![0]}). What are the options?`,
        platforms: 'TikTok, Instagram',
        date: today - i * DAY,
      };
      await trx.insertInto('inquiries').values(inquiry).execute();
      await trx
        .insertInto('notes')
        .values({
          ...record(),
          inquiryId: inquiry.id,
          authorId: null,
          displayName: 'Preffy Team',
          authorImage: null,
          message: '<p>Called back, sent the rate card.</p>',
          noteDate: today - i * DAY + 3600_000,
        })
        .execute();
      await trx
        .insertInto('activities')
        .values({
          ...record(),
          inquiryId: inquiry.id,
          createdDateTime: today - i * DAY,
          note: 'Inquiry received',
        })
        .execute();
    }
  });
  return true;
}
