import { type Kysely, sql } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Analytics (issue 16) asks, for each creator of a period, whether they had a live post on the
 * same platform before it. The handle is compared case-insensitively (like the leaderboard's
 * entryKey), so the index holds lower(creator): the same expression works on SQLite and
 * PostgreSQL. The other analytics filters use existing indexes (posts by deleted and createdAt,
 * competitions by dates, payments by competition).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index posts_creator_history_idx on posts (platform, lower(creator), created_at)`.execute(
    db,
  );
}
