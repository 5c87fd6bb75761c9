import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type IdempotentPost, idempotentPoster } from '../../test/fixtures/signed-in.ts';
import { createTestApp, signedInClient } from '../../test/test-app.ts';
import type { Config } from '../config/env.ts';
import { IN_PROGRESS_MESSAGE } from './idempotency.ts';

/**
 * Two instances on one database (a SQLite file, or one PostgreSQL database), as a deployment
 * runs them, with short heartbeats so a death shows in a fraction of a second. A request held
 * open on the first instance stands for one that is really running; stopping the first
 * instance's heartbeat stands for its process dying (the crash itself: idempotency-crash.postgres.test.ts).
 */
const INSTANCE = { heartbeatMs: 50, deadAfterMs: 400 };
const dataDir = mkdtempSync(path.join(tmpdir(), 'preffy-instances-'));

let first: FastifyInstance;
let second: FastifyInstance;
let onFirst: IdempotentPost;
let onSecond: IdempotentPost;
const runs = { first: 0, second: 0 };
let gate: { entered: () => void; open: Promise<void> } | undefined;

/** A route that runs until the test lets it go, while `gate` is set. */
function addHeldRoute(app: FastifyInstance, name: keyof typeof runs) {
  app.post(
    '/api/test/held',
    { config: { access: 'signed-in', idempotent: true } },
    async (_request, reply) => {
      runs[name] += 1;
      const held = gate;
      if (held) {
        held.entered();
        await held.open;
      }
      return reply.code(201).send({ ranOn: name, run: runs[name] });
    },
  );
}

/** Starts a request on the first instance and answers once it is inside the route, with the way to let it go. */
async function holdOnFirst(body: object, key: string) {
  let entered!: () => void;
  let open!: () => void;
  const inside = new Promise<void>((resolve) => (entered = resolve));
  gate = { entered, open: new Promise<void>((resolve) => (open = resolve)) };
  const answer = onFirst('/api/test/held', body, key);
  await inside;
  gate = undefined;
  return { answer, open };
}

/** The same database for every instance of this file. */
function sharedDatabase(app?: FastifyInstance): Partial<Config> {
  const base = { instance: INSTANCE, sqlitePath: path.join(dataDir, 'shared.sqlite') };
  return app?.config.databaseUrl ? { ...base, databaseUrl: app.config.databaseUrl } : base;
}

beforeAll(async () => {
  first = await createTestApp(sharedDatabase());
  second = await createTestApp(sharedDatabase(first));
  addHeldRoute(first, 'first');
  addHeldRoute(second, 'second');
  const { client } = await signedInClient(first, 'staff');
  // One user on both instances: a session is the database's, not an instance's.
  onFirst = await idempotentPoster(first, client);
  onSecond = await idempotentPoster(second, client);
});
afterAll(async () => {
  await second?.close();
  await first?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('Idempotency-Key across instances', () => {
  it('answers a duplicate on another instance with 409 while the first really runs, however long', async () => {
    const { answer, open } = await holdOnFirst({ n: 1 }, 'live');
    // Several times the bound: the first instance's heartbeat keeps its reservation.
    await sleep(INSTANCE.deadAfterMs * 3);
    const duplicate = await onSecond('/api/test/held', { n: 1 }, 'live');
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({ code: 'IDEMPOTENCY_IN_PROGRESS', message: IN_PROGRESS_MESSAGE });
    expect(runs.second).toBe(0);

    open();
    const done = await answer;
    expect(done.statusCode).toBe(201);
    const replayed = await onSecond('/api/test/held', { n: 1 }, 'live');
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect(replayed.body).toBe(done.body);
  });

  it('lets a retry on another instance run once the first instance stops beating (it died)', async () => {
    const { answer, open } = await holdOnFirst({ n: 2 }, 'orphaned');
    await first.instanceHeartbeat.stop();
    const stoppedAt = Date.now();

    const retried = await onSecond('/api/test/held', { n: 2 }, 'orphaned');
    expect(retried.statusCode).toBe(201);
    expect(retried.json()).toEqual({ ranOn: 'second', run: 1 });
    // Released within the bound and a poll or two, not after minutes.
    expect(Date.now() - stoppedAt).toBeLessThan(INSTANCE.deadAfterMs + 2_000);
    const again = await onSecond('/api/test/held', { n: 2 }, 'orphaned');
    expect(again.body).toBe(retried.body);

    // A dead process never answers; if the first one did, its answer would not replace the retry's.
    open();
    await answer;
    const late = await onSecond('/api/test/held', { n: 2 }, 'orphaned');
    expect(late.body).toBe(retried.body);
    expect(runs.second).toBe(1);
  });

  it('records each instance while it runs and forgets one that closed cleanly', async () => {
    const third = await createTestApp(sharedDatabase(first));
    const instanceIds = () =>
      first.db
        .selectFrom('instances')
        .select('id')
        .execute()
        .then((rows) => rows.map((row) => row.id));
    expect(await instanceIds()).toEqual(
      expect.arrayContaining([second.instanceHeartbeat.id, third.instanceHeartbeat.id]),
    );
    await third.close();
    expect(await instanceIds()).not.toContain(third.instanceHeartbeat.id);
    expect(await instanceIds()).toContain(second.instanceHeartbeat.id);
  });
});
