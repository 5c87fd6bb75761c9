import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any */

/** The calendar: reservation details on held competitions, and private iCalendar feed tokens. */
export async function up(db: Kysely<any>): Promise<void> {
  // JSON: isGlobal, territories, creative-direction and language flags, notes (Reserve A Date form).
  await db.schema.alterTable('competitions').addColumn('reservation', 'text').execute();
  // sha256 of the user's feed token; null when they have none (or revoked it).
  await db.schema.alterTable('users').addColumn('calendarFeedHash', 'text').execute();
  await db.schema
    .createIndex('usersCalendarFeedIdx')
    .unique()
    .on('users')
    .column('calendarFeedHash')
    .execute();
}
