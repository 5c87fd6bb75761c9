import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Account settings (issue 17): each user's avatar, the time zone timestamps are shown in, and
 * the layout settings drawer (JSON of the contract's layoutSettingsSchema). All nullable: null is
 * the default (initials, the browser's time zone, the default layout).
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const column of ['avatarUrl', 'timeZone', 'layout'])
    await db.schema.alterTable('users').addColumn(column, 'text').execute();
}
