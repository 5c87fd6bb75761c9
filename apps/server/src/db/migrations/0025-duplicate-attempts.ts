import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * A refused duplicate leaves a trace (issue 38): each entry refused because its video is
 * already live in the competition is kept with who tried, when, through what, and the entry it
 * repeats. Append-only, like the snapshots: nothing edits or removes an attempt.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('duplicateAttempts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('competitionId', 'text', (c) => c.notNull().references('competitions.id'))
    .addColumn('earlierPostId', 'text', (c) => c.notNull().references('posts.id'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('creator', 'text', (c) => c.notNull())
    .addColumn('link', 'text', (c) => c.notNull())
    .addColumn('via', 'text', (c) => c.notNull())
    .addColumn('attemptedBy', 'text')
    .addColumn('attemptedAt', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('duplicateAttemptsCompetitionIdx')
    .on('duplicateAttempts')
    .columns(['competitionId', 'attemptedAt'])
    .execute();
  await db.schema
    .createIndex('duplicateAttemptsEarlierIdx')
    .on('duplicateAttempts')
    .columns(['earlierPostId'])
    .execute();
}
