import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase } from '../../../test/test-app.ts';
import { type Database, migrateToLatest, openDatabase } from '../../db/database.ts';
import { EmailWorker } from './email-worker.ts';
import { enqueueEmail } from './outbox.ts';
import { resendUnknown } from './outbox.service.ts';
import { EMAIL_KINDS } from './templates/messages.ts';
import { mandrillTransport } from './transports/mandrill-transport.ts';

/**
 * A server killed with SIGKILL in the middle of a 400-recipient bulk email (issue 40, decision
 * 0125): the deliveries in flight at that moment, at most the worker's five, become unknown; the
 * rest are delivered by another server, nobody twice; an admin's resend sends the unknown ones.
 */
const CLAIM_MS = 1000;
let dir: string;
let db: Database;
let env: Record<string, string>;
let mandrill: Server;
let mandrillUrl: string;
/** Every address the fake Mandrill received, in order, and whether it answers yet. */
const received: string[] = [];
/** The provider answers this many deliveries, then holds the others open (the server dies meanwhile). */
let answered = 130;
const held: (() => void)[] = [];

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'preffy-email-crash-'));
  const sqlitePath = path.join(dir, 'preffy.sqlite');
  const databaseUrl = process.env.TEST_DATABASE_URL
    ? (await createScratchDatabase(process.env.TEST_DATABASE_URL)).url
    : undefined;
  ({ db } = openDatabase({ databaseUrl, sqlitePath }));
  await migrateToLatest(db);
  env = {
    WORKER_DATABASE_URL: databaseUrl ?? '',
    WORKER_SQLITE_PATH: sqlitePath,
    WORKER_CLAIM_MS: `${CLAIM_MS}`,
  };
  mandrill = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      const { message } = JSON.parse(Buffer.concat(chunks).toString()) as {
        message: { to: { email: string }[] };
      };
      const email = message.to[0]!.email;
      received.push(email);
      const answer = () =>
        response
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify([{ email, status: 'sent', _id: email }]));
      if (received.length <= answered) answer();
      else held.push(answer);
    });
  });
  await new Promise<void>((resolve) => mandrill.listen(0, '127.0.0.1', resolve));
  mandrillUrl = `http://127.0.0.1:${(mandrill.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const answer of held) answer();
  await new Promise((resolve) => mandrill.close(resolve));
  await db.destroy();
  rmSync(dir, { recursive: true, force: true });
});

const statuses = async (messageId: string) =>
  Object.fromEntries(
    (
      await db
        .selectFrom('emailRecipients')
        .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
        .where('messageId', '=', messageId)
        .groupBy('status')
        .execute()
    ).map((row) => [row.status, Number(row.n)]),
  );

describe('a bulk email when its server is killed', () => {
  it('leaves at most five recipients unknown, sends the rest once, and resends the unknown on an admin’s word', async () => {
    const to = Array.from({ length: 400 }, (_, i) => ({
      email: `crash${String(i).padStart(3, '0')}@creators.test`,
    }));
    const { messageId } = await db
      .transaction()
      .execute((trx) =>
        enqueueEmail(trx, { kind: 'bulk-fancy', data: EMAIL_KINDS['bulk-fancy'].sample as never, to }),
      );

    const server = fork(path.join(import.meta.dirname, '../../../test/fixtures/email-worker-process.ts'), {
      execArgv: ['--import', 'tsx'],
      env: { ...process.env, ...env, WORKER_MANDRILL_URL: mandrillUrl },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const killed = new Promise((resolve) => server.once('exit', resolve));
    // Killed once the provider has stopped answering and the worker has filled its slots.
    for (const started = Date.now(); held.length < 5 && Date.now() - started < 60_000;)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect([received.length, held.length]).toEqual([135, 5]);
    server.kill('SIGKILL');
    await killed;
    const atCrash = await statuses(messageId);
    expect(atCrash.sending).toBe(5);
    expect(atCrash.sent).toBe(130);

    // Another server goes on once the dead one's claims have run out.
    answered = Infinity;
    await new Promise((resolve) => setTimeout(resolve, CLAIM_MS + 100));
    const transport = mandrillTransport({ apiKey: 'test-key', baseUrl: mandrillUrl, timeoutMs: 10_000 });
    const other = new EmailWorker(db, {
      transport,
      from: { email: 'no-reply@preffy.test', name: 'Preffy' },
      publicUrl: 'http://preffy.test',
      secret: 'test-secret',
    });
    await other.drain();
    expect(await statuses(messageId)).toEqual({ sent: 395, unknown: 5 });
    const inDoubt = (
      await db
        .selectFrom('emailRecipients')
        .select(['email', 'reason'])
        .where('messageId', '=', messageId)
        .where('status', '=', 'unknown')
        .execute()
    ).map((row) => row.email);
    // Nobody got it twice: the five in doubt were asked once (by the dead server), the rest once.
    expect(received).toHaveLength(400);
    expect(new Set(received).size).toBe(400);

    // The admin sends it again to those five, and only to them.
    const admin = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
    expect(await resendUnknown(db, admin?.id ?? 'admin', messageId)).toEqual({ requeued: 5 });
    await other.drain();
    expect(await statuses(messageId)).toEqual({ sent: 400 });
    expect(received.slice(400).sort()).toEqual([...inDoubt].sort());
  });
});
