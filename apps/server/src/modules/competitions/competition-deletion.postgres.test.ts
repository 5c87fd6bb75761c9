import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANN, endedCompetitionWithEntrant } from '../../../test/fixtures/posts.ts';
import {
  type IdempotentPost,
  idempotentPoster,
  signedInApp,
  type SignedInClient,
} from '../../../test/fixtures/signed-in.ts';
import { waitFor } from '../../../test/fixtures/wait-for.ts';
import { newId } from '../../lib/clock.ts';

/**
 * Decision 0124 under a race on PostgreSQL: an organizer's delete and the Submit that pays the
 * competition's winners, each caught inside the other's transaction. A table lock the test takes
 * holds the first one just before it commits; the second must wait for it and then see what it
 * did. Before the competition's row was locked by both, the delete counted no payouts while the
 * Submit's were not committed yet, and a paid competition was deleted by its organizer.
 */
const OWNER = 'racing-organizer@label.test';
let app: FastifyInstance;
let staff: SignedInClient, organizer: SignedInClient;
let staffPost: IdempotentPost;

beforeAll(async () => {
  ({ app, staff, organizer } = await signedInApp({
    staff: 'staff',
    organizer: { role: 'organizer', email: OWNER },
  }));
  staffPost = await idempotentPoster(app, staff);
});
afterAll(() => app.close());

/** Holds every write to `table` until `release`: a transaction elsewhere waits inside itself. */
async function holdWrites(table: string) {
  const lock = new pg.Client({ connectionString: app.config.databaseUrl });
  await lock.connect();
  await lock.query('begin');
  await lock.query(`lock table ${table} in exclusive mode`);
  return async () => {
    await lock.query('commit');
    await lock.end();
  };
}

/** How many of the database's sessions wait for a lock (read outside any held transaction). */
const waitingForLocks = async () =>
  (
    await sql<{ waiting: number }>`
      select count(*)::int as waiting from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock'`.execute(app.db)
  ).rows[0]!.waiting;

const versionOf = async (id: string) =>
  (await organizer.get(`/api/competitions/${id}`)).json().competition.version as number;
const submit = (id: string) =>
  staffPost(`/api/finish/${id}/submit`, { version: 0, winners: [ANN], finishEarly: true }, newId());
const remove = (id: string, version: number) =>
  organizer.delete(`/api/competitions/${id}?version=${version}`);
const paymentsOf = async (id: string) =>
  (await app.db.selectFrom('payments').select('id').where('competitionId', '=', id).execute()).length;
const isDeleted = async (id: string) =>
  (await app.db.selectFrom('competitions').select('deleted').where('id', '=', id).executeTakeFirstOrThrow())
    .deleted === 1;

/** Starts `request`, noting when it settles, so a test can tell a wait from an answer. */
function started<T>(request: Promise<T>) {
  const state = { settled: false };
  const settled = request.finally(() => (state.settled = true));
  return { settled, state };
}

describe('an organizer deleting a competition while its winners are submitted', () => {
  it('waits for a Submit in progress, then is refused: the competition is paid', async () => {
    const id = await endedCompetitionWithEntrant(app, staff, { name: 'Race Submit First', email: OWNER });
    const version = await versionOf(id);
    // The Submit writes its payments, then waits to queue the winner's notice.
    const release = await holdWrites('email_messages');
    const submitting = started(submit(id));
    await waitFor('the Submit to wait inside its transaction', async () => (await waitingForLocks()) === 1);
    const deleting = started(remove(id, version));
    await waitFor(
      'the delete to answer or wait for the Submit',
      async () => deleting.state.settled || (await waitingForLocks()) === 2,
    );
    await release();
    const [submitted, deleted] = await Promise.all([submitting.settled, deleting.settled]);
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(deleted.statusCode, deleted.body).toBe(403);
    expect(deleted.json()).toMatchObject({ reason: 'paidCompetition' });
    expect(await isDeleted(id)).toBe(false);
    expect(await paymentsOf(id)).toBe(1);
  });

  it('makes a Submit that comes during the delete wait, then find the competition gone: nothing is paid', async () => {
    const id = await endedCompetitionWithEntrant(app, staff, { name: 'Race Delete First', email: OWNER });
    const version = await versionOf(id);
    // The delete marks the competition deleted, then waits to write its audit entry.
    const release = await holdWrites('audit_log');
    const deleting = started(remove(id, version));
    await waitFor('the delete to wait inside its transaction', async () => (await waitingForLocks()) === 1);
    const submitting = started(submit(id));
    await waitFor(
      'the Submit to answer or wait for the delete',
      async () => submitting.state.settled || (await waitingForLocks()) === 2,
    );
    await release();
    const [deleted, submitted] = await Promise.all([deleting.settled, submitting.settled]);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(submitted.statusCode, submitted.body).toBe(404);
    expect(await isDeleted(id)).toBe(true);
    expect(await paymentsOf(id)).toBe(0);
  });
});
