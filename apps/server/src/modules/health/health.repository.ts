import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';

/** Fails when the database does not answer. */
export async function pingDatabase(db: Database) {
  await sql`select 1`.execute(db);
}
