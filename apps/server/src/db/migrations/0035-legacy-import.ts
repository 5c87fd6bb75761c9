import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * The legacy import (issue 41, decision 0128):
 * - importRuns: one dry run or import, its options, progress and report (counts per table and
 *   the money imported, as JSON), and its checkpoint: the pass and the number of source records
 *   it had finished, written in the transaction of each batch so a killed run resumes there.
 * - importProblems: what a run reported record by record (invalid, orphan, older, unreadable,
 *   missing image), with the file and line it came from, read a page at a time.
 * - legacyRecords: each legacy record imported, by its table and legacy id (unique), with the
 *   app record it became and the legacy version, change time and digest it was imported at: a
 *   second run of the same export finds every record unchanged.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('importRuns')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('dryRun', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('timeZone', 'text', (c) => c.notNull())
    .addColumn('sources', 'text', (c) => c.notNull())
    .addColumn('pass', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('passDone', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('report', 'text', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('createdBy', 'text')
    .addColumn('createdAt', 'bigint', (c) => c.notNull())
    .addColumn('updatedAt', 'bigint', (c) => c.notNull())
    .addColumn('finishedAt', 'bigint')
    .execute();
  await db.schema.createIndex('importRunsCreatedAtIdx').on('importRuns').columns(['createdAt']).execute();
  await db.schema
    .createTable('importProblems')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('runId', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('legacyTable', 'text')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('legacyId', 'text')
    .addColumn('file', 'text', (c) => c.notNull())
    .addColumn('line', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('importProblemsRunIdx')
    .on('importProblems')
    .columns(['runId', 'position'])
    .execute();
  await db.schema
    .createTable('legacyRecords')
    .addColumn('legacyTable', 'text', (c) => c.notNull())
    .addColumn('legacyId', 'text', (c) => c.notNull())
    .addColumn('recordId', 'text', (c) => c.notNull())
    .addColumn('legacyVersion', 'bigint', (c) => c.notNull())
    .addColumn('legacyChangedAt', 'bigint', (c) => c.notNull())
    .addColumn('digest', 'text', (c) => c.notNull())
    .addColumn('runId', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('legacyRecordsPk', ['legacyTable', 'legacyId'])
    .execute();
}
