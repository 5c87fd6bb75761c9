import type { ListPostsQuery } from '@preffy/api';
import {
  HASH_BAND_BITS,
  type NearCover,
  REPOST_MAX_DISTANCE,
  type RefreshFailure,
  type RefreshTier,
  type ViewsKind,
  bandNeighbours,
  hammingDistance,
  hashBands,
} from '@preffy/domain';
import { type Insertable, sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { PostsTable } from '../../db/schema.ts';
import { newId } from '../../lib/clock.ts';
import { matchesSearch, paged } from '../../lib/paging.ts';
import { sortExpression } from '../../lib/natural-order.ts';
import { type VersionedPatch, type VersionedWriteOptions, updateVersioned } from '../../lib/versioned.ts';
import { type ImportedWrites, writeImported } from '../../lib/imported-records.ts';

/** What a refresh learns about one post (modules/refresh asks the providers for it). */
export type PostStats = {
  likes: number;
  views: number;
  /** Unknown views are stored as 0 and raise no rule that needs them (decision 0097). */
  viewsKind: ViewsKind;
  comments: number;
  shares: number;
  /** Some count came rounded ("1.2M", issue 42): the detectors allow for it. */
  rounded?: boolean;
  postedDate: number | null;
  author: string | null;
  country: string | null;
  /** The account's followers (subscribers on YouTube), when the provider gives them. */
  followers?: number | null;
  /** Where the provider shows the video's cover (thumbnail), when it does. */
  coverUrl?: string | null;
};

/** A competition's posts, filtered, sorted and paged. */
export async function listPosts(db: Database, competitionId: string, q: ListPostsQuery) {
  let base = db.selectFrom('posts').where('competitionId', '=', competitionId).where('deleted', '=', 0);
  if (q.failedOnly) base = base.where('statsError', 'is not', null);
  if (q.search) base = base.where((eb) => matchesSearch(eb, ['creator', 'email', 'link'], q.search!));
  return paged(q, base, (posts) =>
    posts
      .selectAll()
      .orderBy(sortExpression(q.sortBy, ['creator']), q.sortDirection)
      .orderBy('id'),
  );
}

/** A live post and the competition it belongs to. */
export const findPost = (db: Database, id: string) =>
  db
    .selectFrom('posts')
    .select(['id', 'competitionId'])
    .where('id', '=', id)
    .where('deleted', '=', 0)
    .executeTakeFirst();

/** A post's newest refreshes (at most `limit`), oldest first. */
export async function listSnapshots(db: Database, postId: string, limit = 500) {
  const rows = await db
    .selectFrom('postSnapshots')
    .select(['at', 'likes', 'views', 'viewsKind', 'comments', 'shares', 'provider', 'rounded'])
    .where('postId', '=', postId)
    .orderBy('at', 'desc')
    .limit(limit)
    .execute();
  return rows.reverse().map((r) => ({ ...r, at: Number(r.at), rounded: Number(r.rounded) === 1 }));
}

/** A handle on a platform as the leaderboard keys it: trimmed, in lower case. */
export const handleKey = (platform: string, creator: string) =>
  `${platform.trim().toLowerCase()}|${creator.trim().toLowerCase()}`;

/**
 * The addresses that entered with each of these handles on its platform, in any competition
 * (ban evasion, issue 42): handle key → addresses in lower case. Read through the creator
 * history index (migration 0012), on the same trimmed, lower-case expressions.
 */
export async function emailsOfHandles(
  db: Database,
  handles: readonly { platform: string; creator: string }[],
) {
  const byHandle = new Map<string, Set<string>>();
  const wanted = [...new Map(handles.map((h) => [handleKey(h.platform, h.creator), h])).values()];
  if (!wanted.length) return byHandle;
  const rows = await db
    .selectFrom('posts')
    .select(['platform', 'creator', 'email'])
    .distinct()
    .where((eb) =>
      eb.or(
        wanted.map((h) =>
          eb.and([
            eb(sql`lower(trim(platform))`, '=', h.platform.trim().toLowerCase()),
            eb(sql`lower(trim(creator))`, '=', h.creator.trim().toLowerCase()),
          ]),
        ),
      ),
    )
    .execute();
  for (const row of rows) {
    const key = handleKey(row.platform, row.creator);
    byHandle.set(key, (byHandle.get(key) ?? new Set()).add(row.email.trim().toLowerCase()));
  }
  return byHandle;
}

/** The snapshots of several posts, oldest first, by post (a batch of imported posts' flags). */
export async function snapshotsOf(db: Database, postIds: readonly string[]) {
  const byPost = new Map<string, Awaited<ReturnType<typeof listSnapshots>>>();
  if (!postIds.length) return byPost;
  const rows = await db
    .selectFrom('postSnapshots')
    .select(['postId', 'at', 'likes', 'views', 'viewsKind', 'comments', 'shares', 'provider', 'rounded'])
    .where('postId', 'in', postIds)
    .orderBy('at')
    .execute();
  for (const { postId, ...row } of rows)
    byPost.set(
      postId,
      [
        ...(byPost.get(postId) ?? []),
        { ...row, at: Number(row.at), rounded: Number(row.rounded) === 1 },
      ].slice(-500),
    );
  return byPost;
}

/**
 * Stores a post. `ref` is the ?ref= of the public page the creator came from (decision 0024):
 * when it names a live post of the same competition by another creator, the new post came
 * through that one, so that post gains a referral with the new post's link and id (it counts
 * only while the new post is live, see countsAsReferral). Any other ref
 * (the emails' 'fancy' or 'basic' tags) only tags the visit and makes no referral.
 */
export async function insertPost(db: Database, post: Insertable<PostsTable>, ref?: string) {
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('posts').values(post).execute();
    if (!ref) return;
    const referrer = await trx
      .selectFrom('posts')
      .select('id')
      .where('id', '=', ref)
      .where('competitionId', '=', post.competitionId)
      .where('deleted', '=', 0)
      // A creator cannot refer themselves: the bonus is for bringing someone else in.
      .where('email', '!=', post.email)
      .executeTakeFirst();
    if (referrer)
      await trx
        .insertInto('referrals')
        .values({
          id: newId(),
          version: 1,
          deleted: 0,
          createdAt: post.createdAt,
          updatedAt: post.updatedAt,
          postId: referrer.id,
          referringLink: post.link,
          referringPostId: post.id,
        })
        .execute();
  });
}

/**
 * A refresh that failed for this post: the provider's words and their reason are kept, its
 * numbers stay as they were.
 */
export const storeRefreshFailure = (
  db: Database,
  postId: string,
  failure: { error: string; reason: RefreshFailure },
  at: number,
  schedule: RefreshSchedule,
) =>
  db
    .updateTable('posts')
    .set({ statsCheckedAt: at, statsError: failure.error, statsFailure: failure.reason, ...schedule })
    .where('id', '=', postId)
    .execute();

/** A post's refresh tier and when the schedule next reads it (migration 0040). */
export type RefreshSchedule = { refreshTier: RefreshTier; nextRefreshAt: number };

/**
 * The post's latest counted reading (the views a provider reported, not an estimate) taken by
 * `before`: what its speed is measured from.
 */
export async function lastCountedReading(db: Database, postId: string, before: number) {
  const last = await db
    .selectFrom('postSnapshots')
    .select(['at', 'views'])
    .where('postId', '=', postId)
    .where('at', '<=', before)
    .where('viewsKind', '=', 'reported')
    .orderBy('at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return last ? { at: Number(last.at), views: Number(last.views) } : null;
}

/**
 * A post's numbers as a refresh found them, with its cover's hash when this refresh read it;
 * answers its likes as stored (the bonus included).
 */
export async function storeRefreshedStats(
  db: Database,
  postId: string,
  s: PostStats,
  provider: string,
  at: number,
  schedule: RefreshSchedule,
  coverHash: string | null = null,
): Promise<number> {
  await db
    .updateTable('posts')
    .set((eb) => ({
      // Reviewed posts keep their bonus on top of the platform's likes (Love and Like). The
      // bonus is read from the row in this UPDATE, not when the job started, so a Love or a
      // Reset while the refresh runs is neither lost nor counted twice. A provider's 0 likes
      // never replaces a positive count (staff may have typed it on /correct; decision 0023).
      likes:
        s.likes > 0
          ? // Cast: PostgreSQL would type the parameter as the bonus's integer (too small).
            eb(
              sql<number>`cast(${s.likes} as double precision)`,
              '+',
              eb.fn.coalesce('bonusLikes', eb.lit(0)),
            )
          : eb
              .case()
              .when('likes', '>', 0)
              .then(eb.ref('likes'))
              .else(eb.fn.coalesce('bonusLikes', eb.lit(0)))
              .end(),
      views: s.views,
      viewsKind: s.viewsKind,
      comments: s.comments,
      shares: s.shares,
      ...(s.postedDate ? { postedDate: s.postedDate } : {}),
      ...(s.author ? { author: s.author } : {}),
      // The card compares the provider's country with the one the post was entered or first
      // seen with, so a later answer fills `country` only when it is empty (decision 0023).
      ...(s.country
        ? { providerCountry: s.country, country: eb.fn.coalesce('country', eb.val(s.country)) }
        : {}),
      // A provider that stops giving followers leaves the last count known.
      ...(s.followers != null ? { followers: s.followers } : {}),
      ...(coverHash ? coverColumns(coverHash) : {}),
      statsCheckedAt: at,
      statsProvider: provider,
      statsError: null,
      statsFailure: null,
      ...schedule,
      updatedAt: at,
    }))
    .where('id', '=', postId)
    .execute();
  const { likes } = await db
    .selectFrom('posts')
    .select('likes')
    .where('id', '=', postId)
    .executeTakeFirstOrThrow();
  return likes;
}

/** A cover hash and its three bands, as the posts table stores them (migration 0038). */
const coverColumns = (hash: string) => {
  const [coverBand0, coverBand1, coverBand2] = hashBands(hash);
  return { coverHash: hash, coverBand0, coverBand1, coverBand2 };
};

/** The most candidates a repost check reads: near bands are rare; a flood is cut, earliest kept. */
const REPOST_CANDIDATES = 2000;

/**
 * The earliest entry whose cover is at most REPOST_MAX_DISTANCE bits from this post's, in
 * any competition, by another creator (not this address, not this handle on its platform),
 * removed ones included. The bands' indexes find the candidates (a near cover has a band within
 * 2 bits, perceptual-hash.ts); each is then measured exactly.
 */
export async function nearestEarlierCover(
  db: Database,
  post: {
    id: string;
    coverHash: string;
    createdAt: number;
    email: string;
    platform: string;
    creator: string;
  },
): Promise<NearCover | null> {
  const bands = hashBands(post.coverHash);
  const rows = await db
    .selectFrom('posts')
    .select(['id', 'link', 'creator', 'email', 'platform', 'deleted', 'coverHash', 'createdAt'])
    .where((eb) =>
      eb.or([
        eb('coverBand0', 'in', bandNeighbours(bands[0]!, HASH_BAND_BITS[0])),
        eb('coverBand1', 'in', bandNeighbours(bands[1]!, HASH_BAND_BITS[1])),
        eb('coverBand2', 'in', bandNeighbours(bands[2]!, HASH_BAND_BITS[2])),
      ]),
    )
    .where('id', '!=', post.id)
    .where('createdAt', '<=', post.createdAt)
    .orderBy('createdAt')
    .orderBy('id')
    .limit(REPOST_CANDIDATES)
    .execute();
  const own = { email: post.email.trim().toLowerCase(), handle: handleKey(post.platform, post.creator) };
  for (const row of rows) {
    if (!row.coverHash || row.email.trim().toLowerCase() === own.email) continue;
    if (handleKey(row.platform, row.creator) === own.handle) continue;
    const distance = hammingDistance(post.coverHash, row.coverHash);
    if (distance > REPOST_MAX_DISTANCE) continue;
    // The earliest: the first upload, not another copy of it.
    return {
      distance,
      earlierId: row.id,
      earlierLink: row.link,
      earlierCreator: row.creator,
      earlierRemoved: Number(row.deleted) === 1,
    };
  }
  return null;
}

/** A post's record edit on the version the caller read: 409 on a stale one (lib/versioned.ts). */
export const updatePostRecord = (
  db: Database,
  id: string,
  version: number,
  patch: VersionedPatch<'posts'>,
  options?: VersionedWriteOptions<'posts'>,
) => updateVersioned(db, 'posts', id, version, patch, options);

/** A legacy record imported into the table (legacy-import, decision 0128). */
export const writeImportedPost = (db: Database, write: ImportedWrites) => writeImported(db, 'posts', write);
export const writeImportedReferral = (db: Database, write: ImportedWrites) =>
  writeImported(db, 'referrals', write);
