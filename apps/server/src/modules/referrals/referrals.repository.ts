import type { PageQuery } from '@preffy/api';
import type { Database } from '../../db/database.ts';
import { paged } from '../../lib/paging.ts';
import { countsAsReferral, reviewCounts } from '../posts/index.ts';

/** The creatorEmails (JSON arrays) of a competition's live promotions, as stored. */
export async function promotionCreatorEmails(db: Database, competitionId: string) {
  const rows = await db
    .selectFrom('promotions')
    .select('creatorEmails')
    .where('competitionId', '=', competitionId)
    .where('deleted', '=', 0)
    .execute();
  return rows.map((r) => r.creatorEmails);
}

/** A post's counting referrals (live, from a live or unknown post), oldest first. */
export const listReferrals = (db: Database, postId: string, q: PageQuery) =>
  paged(
    q,
    db.selectFrom('referrals').where('referrals.postId', '=', postId).where(countsAsReferral),
    (referrals) =>
      referrals
        .select(['referrals.id', 'referrals.referringLink', 'referrals.createdAt'])
        .orderBy('referrals.createdAt')
        .orderBy('referrals.id'),
    (row) => ({ ...row, createdAt: Number(row.createdAt) }),
  );

/** A post (live or deleted: its referrals stay readable) with its referral count. */
export const findPostWithReferrals = (db: Database, id: string, options: { liveOnly?: boolean } = {}) => {
  let q = db.selectFrom('posts').selectAll().select(reviewCounts).where('id', '=', id);
  if (options.liveOnly) q = q.where('deleted', '=', 0);
  return q.executeTakeFirst();
};
