import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * The calendar month (issue 18's benchmark: 3,600 competitions in a six-week grid took 25 ms)
 * reads two things, each now from an index alone, without visiting the competitions' rows:
 * - the confirmed competitions covering each day: start and end of the confirmed ones
 *   (this index also serves what competitionsHoldsIdx did: it begins with the same columns);
 * - the first entries starting each day: start, then what an entry shows and ranks by.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('competitionsConfirmedDatesIdx')
    .on('competitions')
    .columns(['deleted', 'isConfirmed', 'startDate', 'endDate'])
    .execute();
  await db.schema.dropIndex('competitionsHoldsIdx').execute();
  await db.schema
    .createIndex('competitionsCalendarStartsIdx')
    .on('competitions')
    .columns(['deleted', 'startDate', 'isConfirmed', 'organizer', 'isDirect', 'is555', 'id'])
    .execute();
}
