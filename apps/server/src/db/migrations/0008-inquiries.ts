import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * The sales-inquiry inbox (issue 15): `competitionId` links an inquiry to the calendar hold made
 * from it ('Reserve a date for this inquiry'); an index serves 'Assigned to me', newest first.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('inquiries').addColumn('competitionId', 'text').execute();
  await db.schema
    .createIndex('inquiriesAssigneeIdx')
    .on('inquiries')
    .columns(['deleted', 'assignedToEmail', 'date'])
    .execute();
}
