import { addDays, chunkRows, midnightOn } from '@preffy/domain';
import type { Database } from '../../db/database.ts';

/**
 * The business days the daily rollups count in (migration 0019, decision 0057). Posts entered
 * before FIRST_DAY lie on '' (analytics and the chart never ask before 2021-03-01); so do posts
 * from LAST_DAY on, the end of the filled calendar.
 */
const FIRST_DAY = '2020-01-01';
const LAST_DAY = '2101-01-01';
const STATE_ID = 'postDays';
/** A rollup row's key and figures: postDays' columns, counted alike by the view postDaySums. */
const ROLLUP_COLUMNS = [
  'day',
  'platform',
  'country',
  'entered',
  'live',
  'views',
  'likes',
  'flagged',
  'disqualified',
] as const;

const startsByZone = new Map<string, { startMs: number; day: string }[]>();
/** Each day's start in the zone, then LAST_DAY's start on '' (computed once per process and zone). */
function dayStarts(timeZone: string) {
  let starts = startsByZone.get(timeZone);
  if (!starts) {
    starts = [];
    for (let day = FIRST_DAY; day < LAST_DAY; day = addDays(day, 1))
      starts.push({ startMs: midnightOn(day, timeZone), day });
    starts.push({ startMs: midnightOn(LAST_DAY, timeZone), day: '' });
    startsByZone.set(timeZone, starts);
  }
  return starts;
}

/**
 * Makes the business days and the daily rollups those of `timeZone`: at the first start, and
 * after BUSINESS_TIME_ZONE changed, it fills the days and counts postDays afresh from the posts
 * (a few seconds for a million posts), in one transaction; otherwise it does nothing. Returns
 * whether it rebuilt.
 */
export async function ensurePostDays(db: Database, timeZone: string): Promise<boolean> {
  const state = await db
    .selectFrom('rollupState')
    .select('timeZone')
    .where('id', '=', STATE_ID)
    .executeTakeFirst();
  if (state?.timeZone === timeZone) return false;
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('businessDays').execute();
    for (const rows of chunkRows(dayStarts(timeZone), 500))
      await trx.insertInto('businessDays').values(rows).execute();
    await trx.deleteFrom('postDays').execute();
    await trx
      .insertInto('postDays')
      .columns(ROLLUP_COLUMNS)
      .expression(trx.selectFrom('postDaySums').select(ROLLUP_COLUMNS))
      .execute();
    await trx
      .insertInto('rollupState')
      .values({ id: STATE_ID, timeZone })
      .onConflict((oc) => oc.column('id').doUpdateSet({ timeZone }))
      .execute();
  });
  return true;
}
