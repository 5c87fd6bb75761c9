import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { recordColumns } from './0001-initial.ts';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Post review and moderation (issue 13, decision 0022):
 * - `flags`: the automatic flags of the post's last check, JSON [{ code, message, values }], kept
 *   when a flag takes the post out of the queue so the Errors view can say why;
 * - `flagsCleared`: staff restored the post, so its flags stay notes and never remove it again;
 * - `deletedReason`: why a post was removed ('flagged', 'disqualified', 'admin');
 * - `disqualification`: the Delete dialog's choice (none, general, creative-direction, volume);
 * - `providerCountry`: the country the provider reported, next to the post's stored `country`
 *   (the review card compares them);
 * - `reviewedAt` / `reviewedBy`: who pressed Love or Like, and when.
 * Creator metrics are the editable numbers of the Creators tab, one per creator and platform.
 * `referrals.referringPostId`: the post that came in through the referral (null on legacy rows,
 * which stored only its link), so a referral counts only while that post is live (decision 0024).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const posts = () => db.schema.alterTable('posts');
  await posts()
    .addColumn('flags', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await posts()
    .addColumn('flagsCleared', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  for (const column of ['deletedReason', 'disqualification', 'providerCountry', 'reviewedBy'])
    await posts().addColumn(column, 'text').execute();
  await posts().addColumn('reviewedAt', 'bigint').execute();
  const indexes: [string, string[]][] = [
    // The review queue (unscored, oldest first) and the zero-likes view, per competition.
    ['postsReviewQueueIdx', ['competitionId', 'deleted', 'bonusLikes', 'createdAt', 'id']],
    ['postsLikesIdx', ['competitionId', 'deleted', 'likes']],
    // Posts admin across competitions, newest first, per tab.
    ['postsAdminIdx', ['deleted', 'createdAt']],
  ];
  for (const [name, columns] of indexes)
    await db.schema.createIndex(name).on('posts').columns(columns).execute();

  await db.schema.alterTable('referrals').addColumn('referringPostId', 'text').execute();

  await recordColumns(db.schema.createTable('creatorMetrics'))
    .addColumn('competitionId', 'text', (c) => c.notNull().references('competitions.id'))
    .addColumn('creator', 'text', (c) => c.notNull())
    .addColumn('platform', 'text', (c) => c.notNull())
    .addColumn('metric', 'double precision', (c) => c.notNull())
    .addColumn('updatedBy', 'text')
    .execute();
  await db.schema
    .createIndex('creatorMetricsOneIdx')
    .unique()
    .on('creatorMetrics')
    .columns(['competitionId', 'creator', 'platform'])
    .where(sql.ref('deleted'), '=', 0)
    .execute();
}
