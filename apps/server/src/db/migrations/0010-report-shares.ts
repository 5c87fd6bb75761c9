import type { Kysely } from 'kysely';
import { recordColumns } from './0001-initial.ts';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Competition reports shared with the artist (issue 16): a read-only link whose secret token is
 * the credential. Only the token's hash is stored (like the calendar feed), so a leaked database
 * hands out no working links; a link ends at `expiresAt` or when revoked, never silently renewed.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await recordColumns(db.schema.createTable('reportShares'))
    .addColumn('competitionId', 'text', (c) => c.notNull().references('competitions.id'))
    .addColumn('tokenHash', 'text', (c) => c.notNull().unique())
    .addColumn('expiresAt', 'bigint', (c) => c.notNull())
    .addColumn('revokedAt', 'bigint')
    .addColumn('revokedBy', 'text')
    .addColumn('createdBy', 'text')
    .execute();
  await db.schema
    .createIndex('reportSharesCompetitionIdx')
    .on('reportShares')
    .columns(['competitionId', 'deleted', 'createdAt'])
    .execute();
}
