import { type Kysely, sql } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Analytics (issue 16) asks, for each creator of a period, whether they had a live post on the
 * same platform before it. A creator is the leaderboard's entryKey (trimmed, lower-cased handle
 * and platform), so the index holds exactly the expressions analytics.repository.ts compares
 * (lower(trim(...))): the same on SQLite and PostgreSQL, and an index is used only for an
 * identical expression. The other analytics filters use existing indexes (posts by deleted and
 * createdAt, competitions by dates, payments by competition).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index posts_creator_history_idx
    on posts (lower(trim(platform)), lower(trim(creator)), created_at)`.execute(db);
}
