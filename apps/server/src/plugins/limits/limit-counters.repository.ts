import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { now } from '../../lib/clock.ts';

/**
 * Counts one attempt under `key` and answers the window's count and end, in one statement: a new
 * key or an ended window starts at 1, a running one goes up by one. Racing instances each get
 * their own count (the row is locked for the update), so none slips through.
 */
export async function countAttempt(db: Database, key: string, windowMs: number, at = now()) {
  return db
    .insertInto('limitCounters')
    .values({ key, count: 1, resetAt: at + windowMs })
    .onConflict((conflict) =>
      conflict.column('key').doUpdateSet((eb) => {
        // Both read the row as it was before this update.
        const ended = eb('limitCounters.resetAt', '<=', at);
        return {
          count: eb
            .case()
            .when(ended)
            .then(sql.lit(1))
            .else(eb('limitCounters.count', '+', sql.lit(1)))
            .end(),
          resetAt: eb
            .case()
            .when(ended)
            .then(eb.ref('excluded.resetAt'))
            .else(eb.ref('limitCounters.resetAt'))
            .end(),
        };
      }),
    )
    .returning(['count', 'resetAt'])
    .executeTakeFirstOrThrow();
}

/** Gives one attempt back to a running window (one that turned out not to count). */
export async function refundAttempt(db: Database, key: string, at = now()) {
  await db
    .updateTable('limitCounters')
    .set((eb) => ({ count: eb('count', '-', sql.lit(1)) }))
    .where('key', '=', key)
    .where('count', '>', 0)
    .where('resetAt', '>', at)
    .execute();
}

export async function clearAttempts(db: Database, key: string) {
  await db.deleteFrom('limitCounters').where('key', '=', key).execute();
}

/** Deletes the windows that have ended; answers how many. */
export async function purgeEndedWindows(db: Database, at = now()) {
  const result = await db.deleteFrom('limitCounters').where('resetAt', '<=', at).executeTakeFirst();
  return Number(result.numDeletedRows);
}
