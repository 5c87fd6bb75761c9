import { type Kysely, sql } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Competitions in name order (issue 18, decision 0069): the lists sort by natural_key(name), then
 * id (decision 0039). Without an index, a search by song computed the key of every match (2,000
 * calls of PostgreSQL's regexp-based natural_key: about 20 ms) to keep 25. With the key indexed,
 * the database walks the competitions in that order and stops after a page of matches. As
 * winners_natural_email_idx (0017), on both databases.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index competitions_natural_name_idx on competitions (deleted, natural_key(name), id)`.execute(
    db,
  );
}
