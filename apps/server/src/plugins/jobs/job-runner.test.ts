import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompetition } from '../../../test/fixtures/competitions.ts';
import { signedInApp, type SignedInClient } from '../../../test/fixtures/signed-in.ts';
import { waitFor } from '../../../test/fixtures/wait-for.ts';
import { now } from '../../lib/clock.ts';
import { type JobHandler, JobRunner, type JobRunnerOptions } from './job-runner.ts';
import { cancelJob, findJob, startJob } from './jobs.repository.ts';

// Issue #12 item 5: job kinds plug into the runner without editing it. 'count-to-n' exists only
// here: a job of n tasks whose subjects are the numbers 1..n; the handler counts each number it
// stores, so a number counted twice or never shows at once.

let app: FastifyInstance;
let staff: SignedInClient;
const runners: JobRunner[] = [];

beforeAll(async () => {
  ({ app, staff } = await signedInApp({ staff: 'staff' }));
});
afterAll(async () => {
  for (const runner of runners) await runner.stop();
  await app.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function runner(options: JobRunnerOptions, ...handlers: JobHandler[]) {
  const r = new JobRunner(app.db, options);
  for (const handler of handlers) r.register(handler);
  runners.push(r);
  return r;
}

/** Counts each number it stores in `counted`; odd numbers fail when `failOdd`; waits for `gate`. */
function countToN(counted: Map<string, number>, options: { gate?: Promise<void>; failOdd?: boolean } = {}) {
  const outcomes: string[] = [];
  const handler: JobHandler = {
    kind: 'count-to-n',
    async workTasks(tasks, { complete }) {
      await options.gate;
      for (const task of tasks) {
        const fails = options.failOdd && Number(task.subject) % 2 === 1;
        outcomes.push(
          await complete(
            task,
            fails ? { ok: false, error: `${task.subject} is odd` } : { ok: true },
            async () => {
              counted.set(task.subject, (counted.get(task.subject) ?? 0) + 1);
            },
          ),
        );
      }
    },
  };
  return { handler, outcomes };
}

const newCompetition = async () => (await createCompetition(staff, { name: 'Runner Song' })).id;

async function countJob(n: number) {
  const competitionId = await newCompetition();
  return startJob(app.db, { competitionId, kind: 'count-to-n', createdBy: null }, (trx, jobId) =>
    trx
      .insertInto('jobTasks')
      .values(
        Array.from({ length: n }, (_, i) => ({
          id: `${jobId}:${i + 1}`,
          jobId,
          subject: String(i + 1),
          status: 'queued' as const,
        })),
      )
      .execute(),
  );
}

const tasksOf = (jobId: string) =>
  app.db.selectFrom('jobTasks').selectAll().where('jobId', '=', jobId).orderBy('id').execute();

describe('Job runner', () => {
  it('runs a kind registered from outside, and takes over the tasks of a runner whose lease lapsed', async () => {
    const jobId = await countJob(10);
    expect(await findJob(app.db, jobId)).toMatchObject({ status: 'queued', total: 10, queued: 10 });
    // A runner that does not know the kind leaves its jobs alone.
    expect(await runner({}, { kind: 'another-kind', workTasks: async () => {} }).tick()).toBe(0);
    expect(await findJob(app.db, jobId)).toMatchObject({ status: 'queued', queued: 10 });

    const counted = new Map<string, number>();
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    // A stalls in its batch with beats far apart, as a crashed runner would.
    const stalled = countToN(counted, { gate });
    const a = runner({ leaseMs: 60_000, heartbeatMs: 30_000, batchSize: 4 }, stalled.handler);
    const aBatch = a.tick();
    await waitFor('A to claim its batch', async () => (await findJob(app.db, jobId)).running === 4);
    expect(await findJob(app.db, jobId)).toMatchObject({ status: 'running', running: 4, queued: 6 });

    const b = runner({ leaseMs: 2000, heartbeatMs: 500, batchSize: 10 }, countToN(counted).handler);
    // A's claims hold while their lease runs: B takes only the queued tasks.
    expect(await b.tick()).toBe(6);
    expect(await b.tick()).toBe(0);
    expect(await findJob(app.db, jobId)).toMatchObject({ status: 'running', done: 6, running: 4 });
    // A's lease ends without a beat: B takes its tasks over.
    await app.db
      .updateTable('jobTasks')
      .set({ claimedUntil: now() - 1 })
      .where('claimedBy', '=', a.id)
      .execute();
    expect(await b.tick()).toBe(4);
    expect(await findJob(app.db, jobId)).toMatchObject({ status: 'done', total: 10, done: 10, failed: 0 });

    // A wakes up: it no longer holds its tasks, so it stores nothing and counts nothing.
    release();
    expect(await aBatch).toBe(4);
    expect(stalled.outcomes).toEqual(Array(4).fill('lost'));
    expect(await findJob(app.db, jobId)).toMatchObject({ status: 'done', done: 10, failed: 0 });
    expect([...counted.keys()].sort((x, y) => Number(x) - Number(y))).toEqual(
      Array.from({ length: 10 }, (_, i) => String(i + 1)),
    );
    expect([...counted.values()].every((n) => n === 1)).toBe(true);
    expect((await tasksOf(jobId)).every((t) => t.status === 'done' && t.claimedBy === b.id)).toBe(true);
  });

  it('counts failed tasks with their error, and skips the tasks of a cancelled job', async () => {
    const counted = new Map<string, number>();
    const r = runner({ batchSize: 3 }, countToN(counted, { failOdd: true }).handler);
    const jobId = await countJob(6);
    expect(await r.tick()).toBe(3);
    expect(await findJob(app.db, jobId)).toMatchObject({ status: 'running', done: 1, failed: 2, queued: 3 });
    expect((await tasksOf(jobId)).find((t) => t.subject === '1')).toMatchObject({
      status: 'failed',
      error: '1 is odd',
    });
    expect(await cancelJob(app.db, jobId)).toMatchObject({ status: 'cancelled', queued: 0 });
    expect(await r.tick()).toBe(0);
    expect(counted.size).toBe(3);
  });

  it('runs a job without tasks once, and fails it with the error it throws', async () => {
    const ran: string[] = [];
    const r = runner(
      {},
      {
        kind: 'greet',
        run: async (job) => {
          ran.push(job.id);
        },
      },
      {
        kind: 'refuse',
        run: () => Promise.reject(new Error('Nothing to refuse')),
      },
    );
    const competitionId = await newCompetition();
    const greet = await startJob(app.db, { competitionId, kind: 'greet', createdBy: null });
    // One open job of a kind per competition: a second start answers the first.
    expect(await startJob(app.db, { competitionId, kind: 'greet', createdBy: null })).toBe(greet);
    const refuse = await startJob(app.db, { competitionId, kind: 'refuse', createdBy: null });
    expect(await r.tick()).toBe(1);
    expect(await r.tick()).toBe(1);
    expect(await r.tick()).toBe(0);
    expect(ran).toEqual([greet]);
    expect(await findJob(app.db, greet)).toMatchObject({ status: 'done', total: 1, done: 1 });
    expect(await findJob(app.db, refuse)).toMatchObject({
      status: 'failed',
      failed: 1,
      error: 'Nothing to refuse',
    });
  });

  it('refuses a kind or a schedule registered twice', () => {
    const r = runner({}, countToN(new Map()).handler);
    expect(() => r.register(countToN(new Map()).handler)).toThrow(
      'The job kind count-to-n is already registered',
    );
    r.every('tidy', 1000, async () => {});
    expect(() => r.every('tidy', 1000, async () => {})).toThrow('The schedule tidy already exists');
  });

  it('runs scheduled work on its interval while started, and no more once stopped', async () => {
    let runs = 0;
    const r = runner({}).every('tick-tock', 30, async () => {
      runs += 1;
    });
    r.start(60_000);
    await waitFor('the schedule to run twice', async () => runs >= 2);
    await r.stop();
    const stoppedAt = runs;
    await sleep(100);
    expect(runs).toBe(stoppedAt);
  });
});
