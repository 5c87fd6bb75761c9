import type { Kysely } from 'kysely';
import { recordColumns } from './0001-initial.ts';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Two-step verification and the lock screen (issue 17, decision 0040).
 * - twoStepFactors: one authenticator (TOTP) per user, apart from the users row so no query of
 *   users can carry its secret; the recovery codes are stored as sha256 hashes only.
 * - sessions.lockedAt: a locked session opens nothing but the unlock until the password is given.
 * - appSettings: the app's settings, one versioned record per area (id 'security' first, with
 *   its defaults: two-step optional, the screen locks after 30 idle minutes).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('twoStepFactors')
    .addColumn('userId', 'text', (c) => c.primaryKey().references('users.id'))
    /** Base32; null until enrolment is confirmed with a code. */
    .addColumn('secret', 'text')
    /** The secret shown for enrolment, until a code confirms it. */
    .addColumn('pendingSecret', 'text')
    .addColumn('enabledAt', 'bigint')
    /** The last 30-second step a code was accepted for: a code works once (RFC 6238 §5.2). */
    .addColumn('lastStep', 'bigint')
    /** JSON array of sha256 hashes of the unused recovery codes. */
    .addColumn('recoveryCodes', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('updatedAt', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema.alterTable('sessions').addColumn('lockedAt', 'bigint').execute();

  await recordColumns(db.schema.createTable('appSettings'))
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updatedBy', 'text')
    .execute();
  const at = Date.now();
  await db
    .insertInto('appSettings')
    .values({
      id: 'security',
      version: 1,
      deleted: 0,
      createdAt: at,
      updatedAt: at,
      value: JSON.stringify({ requireTwoStep: false, lockAfterMinutes: 30 }),
    })
    .execute();
}
