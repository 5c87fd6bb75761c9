import type { Database } from '../db/database.ts';

/** This instance is alive at `at`; a row purged meanwhile comes back. */
export function recordBeat(db: Database, id: string, at: number) {
  return db
    .insertInto('instances')
    .values({ id, startedAt: at, lastSeen: at })
    .onConflict((oc) => oc.column('id').doUpdateSet({ lastSeen: at }))
    .execute();
}

/** Instances silent since `before`: dead, and their reservations are released whether or not they are listed. */
export function forgetInstancesSilentSince(db: Database, before: number) {
  return db.deleteFrom('instances').where('lastSeen', '<', before).execute();
}

/** A clean stop: nothing of this instance is in progress any more. */
export function forgetInstance(db: Database, id: string) {
  return db.deleteFrom('instances').where('id', '=', id).execute();
}
