import { type Kysely, sql } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Who sees a competition's standings on its public page (issue 43): 'shown' (every competition
 * so far, as the public page now shows them), 'hidden' or 'afterEnd'. Staff set it on Update A
 * Competition.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('competitions')
    .addColumn('standings', 'text', (c) => c.notNull().defaultTo(sql`'shown'`))
    .execute();
}
