import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { recordColumns } from './0001-initial.ts';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * The contact form's lists, editable by staff (issue 15): source, inquiry type and platforms.
 * Seeded with the fixed lists the form offered until now, in their order, so nothing changes
 * for users until staff edit. The lists are written out here (not imported from the domain):
 * a migration describes the data as it was then.
 */
const DEFAULTS: Record<'source' | 'type' | 'platform', string[]> = {
  source: ['Website', 'Referral', 'Social media', 'Event', 'Other'],
  type: ['Campaign', 'Pricing', 'Partnership', 'Other'],
  platform: ['TikTok', 'Instagram', 'YouTube'],
};

export async function up(db: Kysely<any>): Promise<void> {
  await recordColumns(db.schema.createTable('inquiryOptions'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();
  // A list in the form's order: live options of one kind by position.
  await db.schema
    .createIndex('inquiryOptionsKindIdx')
    .on('inquiryOptions')
    .columns(['kind', 'deleted', 'position'])
    .execute();
  // The service refuses a label its list already has (case-insensitively, with a field
  // message); this index stops two concurrent adds from both getting through.
  await db.schema
    .createIndex('inquiryOptionsLabelIdx')
    .on('inquiryOptions')
    .unique()
    .expression(sql`kind, lower(label)`)
    .where(sql.ref('deleted'), '=', 0)
    .execute();

  const at = Date.now();
  const rows = Object.entries(DEFAULTS).flatMap(([kind, labels]) =>
    labels.map((label, position) => ({
      id: randomUUID(),
      version: 1,
      deleted: 0,
      createdAt: at,
      updatedAt: at,
      kind,
      label,
      position,
    })),
  );
  await db.insertInto('inquiryOptions').values(rows).execute();
}
