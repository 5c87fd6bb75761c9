import type { PageQuery } from '@preffy/api';
import type { Updateable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { PostsTable } from '../../db/schema.ts';
import { now } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { matchesSearch, paged } from '../../lib/paging.ts';
import { staleOrGone, updateVersioned } from '../../lib/versioned.ts';
import { postTallyOf } from './post-tallies.ts';
import { reviewCounts, storedFlags, toReviewPost } from './review-post.ts';

/** A post with its referral count, deleted or not (the caller decides what a deleted one means). */
export const findReviewRow = (db: Database, id: string) =>
  db.selectFrom('posts').selectAll().select(reviewCounts).where('id', '=', id).executeTakeFirst();
export type ReviewRow = NonNullable<Awaited<ReturnType<typeof findReviewRow>>>;

/**
 * Writes a post when its stored version is still `expectedVersion` (deleted or not: restoring
 * and editing an Inactive post are writes too). Otherwise 404 when it does not exist, or 409
 * with the post in its review shape (the referral count included; the posts area's manifest names that shape).
 */
export async function updatePostVersioned(
  db: Database,
  id: string,
  expectedVersion: number,
  patch: Omit<Updateable<PostsTable>, 'id' | 'version' | 'updatedAt' | 'createdAt'>,
) {
  await updateVersioned(db, 'posts', id, expectedVersion, patch, {
    withDeleted: true,
    onMiss: async () => staleOrGone('posts', await findReviewRow(db, id), 'Post'),
  });
  const row = await findReviewRow(db, id);
  return toReviewPost(row!);
}

/** Another live post of the competition already has this video: the entry rule (409 DUPLICATE). */
export const duplicateVideo = (message: string) =>
  new AppError(409, 'DUPLICATE', message, { fieldErrors: { link: [message] } });

/**
 * The opaque Load More cursor: the last card's createdAt and id, and its risk score when the
 * queue is in risk order. Keyset paging, because scored cards leave the queue while the reviewer
 * works and page numbers would skip cards.
 */
export const encodeCursor = (row: { createdAt: number | string; id: string; riskScore?: number }) =>
  Buffer.from(
    `${row.riskScore === undefined ? '' : `r${row.riskScore}:`}${Number(row.createdAt)}:${row.id}`,
  ).toString('base64url');

export const BAD_CURSOR_MESSAGE = 'This Load More position is not valid; reload the page';

export function decodeCursor(cursor: string) {
  const decoded = Buffer.from(cursor, 'base64url').toString('utf8');
  const match = /^(?:r(\d{1,3}):)?(\d{1,15}):(.{1,100})$/s.exec(decoded);
  if (!match)
    throw new AppError(400, 'VALIDATION', BAD_CURSOR_MESSAGE, {
      fieldErrors: { after: [BAD_CURSOR_MESSAGE] },
    });
  return {
    riskScore: match[1] === undefined ? undefined : Number(match[1]),
    createdAt: Number(match[2]),
    id: match[3]!,
  };
}

export type CardQueue = 'queue' | 'zeroLikes';

/**
 * A page of cards, oldest first or riskiest first: the review queue (live, unscored) or the
 * zero-likes view (live, 0 likes), with at least `minRisk` when given. `total` counts every
 * waiting card that matches, not only those after the cursor.
 */
export async function listCards(
  db: Database,
  competitionId: string,
  queue: CardQueue,
  q: { after?: string; limit: number; order?: 'oldest' | 'risk'; minRisk?: number },
) {
  let base = db.selectFrom('posts').where('competitionId', '=', competitionId).where('deleted', '=', 0);
  base = queue === 'queue' ? base.where('bonusLikes', 'is', null) : base.where('likes', '=', 0);
  if (q.minRisk) base = base.where('riskScore', '>=', q.minRisk);
  const byRisk = q.order === 'risk';
  let window = base;
  if (q.after) {
    const after = decodeCursor(q.after);
    window = window.where((eb) => {
      const later = eb.or([
        eb('createdAt', '>', after.createdAt),
        eb.and([eb('createdAt', '=', after.createdAt), eb('id', '>', after.id)]),
      ]);
      // In risk order, after the card: less risky, or as risky and later.
      return byRisk && after.riskScore !== undefined
        ? eb.or([
            eb('riskScore', '<', after.riskScore),
            eb.and([eb('riskScore', '=', after.riskScore), later]),
          ])
        : later;
    });
  }
  const ordered = byRisk ? window.orderBy('riskScore', 'desc') : window;
  const [rows, counted] = await Promise.all([
    ordered
      .selectAll()
      .select(reviewCounts)
      .orderBy('createdAt')
      .orderBy('id')
      .limit(q.limit + 1)
      .execute(),
    // The queue's total is tallied (decision 0043): a 50,000-post competition is not counted per
    // page. A risk filter is counted: the riskier cards are few.
    queue === 'queue' && !q.minRisk
      ? postTallyOf(db, competitionId, 'unscored')
      : base
          .select((eb) => eb.fn.countAll<number>().as('total'))
          .executeTakeFirstOrThrow()
          .then((row) => Number(row.total)),
  ]);
  const items = rows.slice(0, q.limit);
  const last = items.at(-1);
  return {
    items: items.map(toReviewPost),
    total: counted,
    next:
      rows.length > q.limit && last
        ? encodeCursor(byRisk ? last : { createdAt: last.createdAt, id: last.id })
        : null,
  };
}

/** A flag's code as it appears in the stored JSON (the code is one of the contract's, no quote). */
const withFlag = (code: string) => `%"code":"${code}"%`;

/** The posts the automatic flags took out of the queue, paged and searchable, by flag if asked. */
export function listFlagged(db: Database, competitionId: string, q: PageQuery & { signal?: string }) {
  let base = db
    .selectFrom('posts')
    .where('competitionId', '=', competitionId)
    .where('deleted', '=', 1)
    .where('deletedReason', '=', 'flagged');
  if (q.search) base = base.where((eb) => matchesSearch(eb, ['creator', 'email', 'link'], q.search!));
  if (q.signal) base = base.where('flags', 'like', withFlag(q.signal));
  return paged(
    q,
    base,
    (posts) =>
      posts
        .selectAll()
        .select(reviewCounts)
        .orderBy('createdAt', q.sortDirection)
        .orderBy('id', q.sortDirection),
    toReviewPost,
  );
}

/**
 * The competition's posts grouped by flag (the errors view, issue 42): for each code raised,
 * the posts the flags removed and the live posts that carry it as a note. Only posts with flags
 * are read, a page of them at a time.
 */
export async function signalGroups(db: Database, competitionId: string) {
  const groups = new Map<string, { removed: number; live: number }>();
  let after = '';
  for (;;) {
    const rows = await db
      .selectFrom('posts')
      .select(['id', 'flags', 'deleted', 'deletedReason'])
      .where('competitionId', '=', competitionId)
      .where('flags', '!=', '[]')
      .where('id', '>', after)
      .orderBy('id')
      .limit(1000)
      .execute();
    for (const row of rows) {
      const removed = row.deleted === 1 && row.deletedReason === 'flagged';
      if (row.deleted === 1 && !removed) continue;
      for (const code of new Set(storedFlags(row.flags).map((f) => f.code))) {
        const group = groups.get(code) ?? { removed: 0, live: 0 };
        group[removed ? 'removed' : 'live']++;
        groups.set(code, group);
      }
    }
    if (rows.length < 1000) break;
    after = rows.at(-1)!.id;
  }
  return [...groups].map(([code, counts]) => ({ code, ...counts }));
}

/** What the flag check reads: the post, its competition's rules, and its refreshes. */
export async function flagInputs(db: Database, postId: string) {
  return (await flagInputsOf(db, [postId])).get(postId);
}

/**
 * The flag check's inputs of several posts, by post, in two queries (a batch of imported
 * posts): each post with its competition's rules, and the platform ids of the competition's
 * other scored posts, removed ones included: a video that was judged (and perhaps
 * disqualified) and comes back is what Possible Duplicate is for.
 */
export async function flagInputsOf(db: Database, postIds: readonly string[]) {
  const posts = postIds.length
    ? await db
        .selectFrom('posts')
        .innerJoin('competitions', 'competitions.id', 'posts.competitionId')
        .select([
          'posts.id',
          'posts.competitionId',
          'posts.deleted',
          'posts.flagsCleared',
          'posts.flags',
          'posts.postedDate',
          'posts.country',
          'posts.likes',
          'posts.bonusLikes',
          'posts.views',
          'posts.viewsKind',
          'posts.platform',
          'posts.email',
          'posts.postId',
          'posts.creator',
          'posts.createdAt',
          'posts.coverHash',
          'posts.followers',
          'competitions.startDate',
          'competitions.countries',
          'competitions.continents',
        ])
        .where('posts.id', 'in', postIds)
        .execute()
    : [];
  const withVideo = posts.filter((p) => p.postId);
  const scored = withVideo.length
    ? await db
        .selectFrom('posts')
        .select(['id', 'competitionId', 'platform', 'postId', 'creator', 'link', 'deleted'])
        .where('competitionId', 'in', [...new Set(withVideo.map((p) => p.competitionId))])
        .where('postId', 'in', [...new Set(withVideo.map((p) => p.postId!))])
        .where('bonusLikes', 'is not', null)
        .execute()
    : [];
  const key = (p: { competitionId: string; platform: string; postId: string | null }) =>
    `${p.competitionId}|${p.platform}|${p.postId}`;
  const scoredByVideo = new Map<string, typeof scored>();
  for (const s of scored) scoredByVideo.set(key(s), [...(scoredByVideo.get(key(s)) ?? []), s]);
  return new Map(
    posts.map((post) => [
      post.id,
      {
        post,
        scoredEntries: (post.postId ? (scoredByVideo.get(key(post)) ?? []) : [])
          .filter((s) => s.id !== post.id)
          .map((s) => ({
            id: s.id,
            postId: s.postId!,
            creator: s.creator,
            link: s.link,
            deleted: s.deleted === 1,
          })),
      },
    ]),
  );
}

/** Stores a check's flags, and takes the post out of the queue when they say so. */
export async function storeFlags(
  db: Database,
  postId: string,
  flags: { json: string; riskScore: number },
  remove: boolean,
) {
  if (!remove) {
    await db
      .updateTable('posts')
      .set({ flags: flags.json, riskScore: flags.riskScore })
      .where('id', '=', postId)
      .execute();
    return false;
  }
  const result = await db
    .updateTable('posts')
    .set((eb) => ({
      flags: flags.json,
      riskScore: flags.riskScore,
      deleted: 1,
      deletedReason: 'flagged',
      version: eb('version', '+', 1),
      updatedAt: now(),
    }))
    .where('id', '=', postId)
    .where('deleted', '=', 0)
    .where('flagsCleared', '=', 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * When a review decision last changed the competition's standings: the newest Love or Like
 * (reviewedAt) or disqualification (a deleted post's last write); null when none was made.
 */
export async function lastReviewDecisionAt(db: Database, competitionId: string): Promise<number | null> {
  const row = await db
    .selectFrom('posts')
    .select((eb) => [
      eb.fn.max('reviewedAt').as('scored'),
      eb.fn
        .max(eb.case().when('deletedReason', '=', 'disqualified').then(eb.ref('updatedAt')).end())
        .as('disqualified'),
    ])
    .where('competitionId', '=', competitionId)
    .executeTakeFirst();
  const times = [row?.scored, row?.disqualified].filter((t) => t != null).map(Number);
  return times.length ? Math.max(...times) : null;
}
