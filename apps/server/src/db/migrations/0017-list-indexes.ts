import { type Kysely, sql } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Indexes the busy label's data set asked for (issue 18, decision 0044):
 * - competitions (deleted, id): the visible competitions' ids, read whole by the tallies' sums
 *   (10,000 ids from the index instead of 10,000 wide rows);
 * - inquiries (deleted, date, id): the inbox's All tab, newest first, without sorting 50,000 rows;
 * - winners (deleted, natural_key(email), email, id): the directory and the subscribers in the
 *   order they are shown (natural, decision 0039), so a page stops after its rows instead of
 *   computing and sorting 100,000 keys; with the address in the index, a search reads no row
 *   it does not show. SQLite can index natural_key because every connection registers it
 *   as deterministic (database.ts); PostgreSQL's is immutable (migration 0014).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('competitionsLiveIdIdx')
    .on('competitions')
    .columns(['deleted', 'id'])
    .execute();
  await db.schema
    .createIndex('inquiriesDateIdx')
    .on('inquiries')
    .columns(['deleted', 'date', 'id'])
    .execute();
  await sql`create index winners_natural_email_idx on winners (deleted, natural_key(email), email, id)`.execute(
    db,
  );
}
