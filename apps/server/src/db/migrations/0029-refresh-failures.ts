import { type Kysely, sql } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Why a refresh failed, as a fixed reason (decision 0111): on the post (its last refresh) and on
 * the job's task (the job's result counts them). Posts that failed before keep their provider's
 * words in statsError; their reason is read from those words where they are plain enough.
 * The reasons are inlined literals: PostgreSQL cannot type a CASE made only of parameters.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('posts').addColumn('statsFailure', 'text').execute();
  await db.schema.alterTable('jobTasks').addColumn('reason', 'text').execute();
  await db
    .updateTable('posts')
    .set((eb) => ({
      statsFailure: eb
        .case()
        .when('statsError', 'like', 'No % provider%')
        .then(sql.lit('no-provider'))
        .when(eb.or([eb('statsError', 'like', '%HTTP 404%'), eb('statsError', 'like', '%private, deleted%')]))
        .then(sql.lit('not-found'))
        .when('statsError', 'like', '%HTTP 429%')
        .then(sql.lit('rate-limited'))
        .when('statsError', 'like', '%no answer within%')
        .then(sql.lit('no-answer'))
        .else(sql.lit('provider-error'))
        .end(),
    }))
    .where('statsError', 'is not', null)
    .execute();
}
