import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { recordColumns } from './0001-initial.ts';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Finishing a competition and paying its winners (issue 14, decision 0028):
 * - `competitionFinishes`: the finish wizard's state, one row per competition, so the wizard can
 *   be left and resumed elsewhere: the step, the chosen winners (a draft until submitted), who
 *   submitted and completed it, and when;
 * - `payments` gain the winner they pay (`creator`, `platform`, `winnerKey` = entryKey, unique per
 *   competition: a winner is never paid twice), the prize behind the amount (`prize`,
 *   `prizeLabel`: the CSV pays genni winners the full prize, the record holds prize × takePct),
 *   the PayPal Payouts item that paid it, when the API was used, and the payout file it was last
 *   handed out in (`payoutFileId`): a payment goes through one channel, never both;
 * - `payoutFiles`: each PayPal payout CSV handed out (who, when, which payments, its text),
 *   split at 5,000 rows;
 * - `paypalPayouts`: each batch sent through the Payouts API, with the stable `senderBatchId`
 *   that makes a retry safe, and PayPal's batch id and status.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await recordColumns(db.schema.createTable('competitionFinishes'))
    .addColumn('competitionId', 'text', (c) => c.notNull().references('competitions.id'))
    .addColumn('step', 'text', (c) => c.notNull().defaultTo('winners'))
    .addColumn('winners', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('submittedAt', 'bigint')
    .addColumn('submittedBy', 'text')
    .addColumn('completedAt', 'bigint')
    .addColumn('completedBy', 'text')
    .execute();
  await db.schema
    .createIndex('competitionFinishesOneIdx')
    .unique()
    .on('competitionFinishes')
    .column('competitionId')
    .execute();

  const payments = () => db.schema.alterTable('payments');
  for (const column of [
    'creator',
    'platform',
    'winnerKey',
    'prizeLabel',
    'paypalItemId',
    'paypalItemStatus',
    'paypalPayoutId',
    'payoutFileId',
  ])
    await payments().addColumn(column, 'text').execute();
  // A payment is paid through one channel: the CSV file it was last handed out in, or a PayPal
  // payout. The PayPal job, its webhooks and the follow schedule find payments by these.
  await db.schema
    .createIndex('paymentsPaypalIdx')
    .on('payments')
    .columns(['paypalPayoutId', 'paypalItemId'])
    .execute();
  await db.schema.createIndex('paymentsPaypalItemIdx').on('payments').column('paypalItemId').execute();
  await db.schema.createIndex('paymentsPayoutFileIdx').on('payments').column('payoutFileId').execute();
  await payments().addColumn('prize', 'double precision').execute();
  await db.schema
    .createIndex('paymentsWinnerIdx')
    .unique()
    .on('payments')
    .columns(['competitionId', 'winnerKey'])
    .where(sql.ref('deleted'), '=', 0)
    .execute();

  await db.schema
    .createTable('payoutFiles')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('competitionId', 'text', (c) => c.notNull().references('competitions.id'))
    .addColumn('batchId', 'text', (c) => c.notNull())
    .addColumn('fileNumber', 'integer', (c) => c.notNull())
    .addColumn('fileCount', 'integer', (c) => c.notNull())
    .addColumn('rowCount', 'integer', (c) => c.notNull())
    .addColumn('total', 'double precision', (c) => c.notNull())
    .addColumn('paymentIds', 'text', (c) => c.notNull())
    .addColumn('emails', 'text', (c) => c.notNull())
    .addColumn('csv', 'text', (c) => c.notNull())
    .addColumn('createdBy', 'text')
    .addColumn('createdAt', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('payoutFilesCompetitionIdx')
    .on('payoutFiles')
    .columns(['competitionId', 'createdAt'])
    .execute();

  await recordColumns(db.schema.createTable('paypalPayouts'))
    .addColumn('competitionId', 'text', (c) => c.notNull().references('competitions.id'))
    .addColumn('senderBatchId', 'text', (c) => c.notNull().unique())
    .addColumn('payoutBatchId', 'text')
    .addColumn('batchStatus', 'text', (c) => c.notNull().defaultTo('NEW'))
    .addColumn('paymentIds', 'text', (c) => c.notNull())
    .addColumn('jobId', 'text')
    .addColumn('lastError', 'text')
    .addColumn('createdBy', 'text')
    .execute();
  await db.schema
    .createIndex('paypalPayoutsCompetitionIdx')
    .on('paypalPayouts')
    .columns(['competitionId', 'createdAt'])
    .execute();
}
