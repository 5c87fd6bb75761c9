import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app.ts';
import { EmailWorker, MAX_ATTEMPTS } from './email-worker.ts';
import { escapeHtml } from './escape-html.ts';
import { enqueueEmail } from './outbox.ts';
import { EMAIL_KINDS, type EmailKind, isTextOnly } from './templates/messages.ts';
import { mandrillTransport } from './transports/mandrill-transport.ts';
import { smtpTransport } from './transports/smtp-transport.ts';
import type { EmailTransport } from './transports/transport.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const from = { email: 'no-reply@preffy.test', name: 'Preffy' };
const worker = (transport: EmailTransport) =>
  new EmailWorker(app.db, { transport, from, publicUrl: 'http://preffy.test', secret: 'test-secret' });
const recipientStatus = (messageId: string, email: string) =>
  app.db
    .selectFrom('emailRecipients')
    .selectAll()
    .where('messageId', '=', messageId)
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
const send = <K extends EmailKind>(kind: K, to: string[]) =>
  app.db.transaction().execute((trx) =>
    enqueueEmail(trx, {
      kind,
      data: EMAIL_KINDS[kind].sample as never,
      to: to.map((email) => ({ email })),
    }),
  );

describe('smtp transport against a real SMTP server on 127.0.0.1', () => {
  type Received = { to: string[]; raw: string };
  const received: Received[] = [];
  let smtp: SMTPServer;
  let url: string;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo(address, _session, callback) {
        if (address.address.startsWith('bounce'))
          return callback(Object.assign(new Error('No such mailbox'), { responseCode: 550 }));
        callback();
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    url = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

  it('delivers every message kind, with a personal one-click unsubscribe on marketing mail only', async () => {
    const kinds = Object.keys(EMAIL_KINDS) as EmailKind[];
    const ids = new Map<EmailKind, string>();
    for (const kind of kinds) ids.set(kind, (await send(kind, [`${kind}@creators.test`])).messageId);
    const transport = smtpTransport(url, 5000);
    await worker(transport).drain();
    await transport.close?.();

    for (const kind of kinds) {
      const row = await recipientStatus(ids.get(kind)!, `${kind}@creators.test`);
      expect(row.status, kind).toBe('sent');
      expect(row.transport).toBe('smtp');
      const mail = received.find((m) => m.to.includes(`${kind}@creators.test`));
      expect(mail, kind).toBeDefined();
      // Long header lines are folded (RFC 5322); unfold them before matching.
      const headers = mail!.raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
      const hasUnsubscribe = /^List-Unsubscribe: <http:\/\/preffy\.test\/api\/email\/unsubscribe\?e=/m.test(
        headers,
      );
      expect(hasUnsubscribe, kind).toBe(EMAIL_KINDS[kind].marketing);
      expect(mail!.raw).not.toContain('{{unsubscribeUrl}}');
      if (EMAIL_KINDS[kind].marketing)
        expect(mail!.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
    }
    expect(received.find((m) => m.to.includes('post-disqualification@creators.test'))!.raw).toMatch(
      /^Subject: Post Disqualification/m,
    );
  });

  it('sends every kind as a well-formed MIME message that a strict parser reads back whole', async () => {
    for (const kind of Object.keys(EMAIL_KINDS) as EmailKind[]) {
      const mail = received.find((m) => m.to.includes(`${kind}@creators.test`));
      expect(mail, kind).toBeDefined();
      // RFC 5322: CRLF line ends, no line longer than 998 octets.
      expect(mail!.raw.replace(/\r\n/g, ''), kind).not.toMatch(/[\r\n]/);
      for (const line of mail!.raw.split('\r\n'))
        expect(Buffer.byteLength(line), kind).toBeLessThanOrEqual(998);
      const parsed = await PostalMime.parse(mail!.raw);
      expect(parsed.subject, kind).toBeTruthy();
      expect(parsed.date, kind).toBeTruthy();
      expect(parsed.messageId, kind).toMatch(/^<.+@.+>$/);
      expect(parsed.from?.address).toBe(from.email);
      expect(parsed.text?.trim(), kind).toBeTruthy();
      if (isTextOnly(kind)) {
        // The plain-text outreach is text/plain alone, with its unsubscribe link in the text.
        expect(parsed.html, kind).toBeUndefined();
        expect(mail!.raw, kind).not.toMatch(/^Content-Type: text\/html/im);
        expect(parsed.text, kind).toMatch(/unsubscribe\?e=[^\s]*&t=/);
        continue;
      }
      // The HTML part is a whole document titled with the subject, its links' & escaped.
      expect(parsed.html, kind).toMatch(/^<!doctype html>/i);
      expect(parsed.html).toContain(`<title>${escapeHtml(parsed.subject!)}</title>`);
      expect(parsed.html!.match(/href="[^"]*"/g) ?? []).not.toContainEqual(
        expect.stringMatching(/&(?!amp;)/),
      );
      if (EMAIL_KINDS[kind].marketing)
        expect(parsed.html, kind).toMatch(/href="[^"]*unsubscribe\?e=[^"]*&amp;t=/);
    }
  });

  it('records a recipient the server refuses as rejected, with the reason, and does not retry it', async () => {
    const { messageId } = await send('password-reset', ['bounce@creators.test']);
    const transport = smtpTransport(url, 5000);
    await worker(transport).drain();
    const row = await recipientStatus(messageId, 'bounce@creators.test');
    expect(row.status).toBe('rejected');
    expect(row.reason).toMatch(/No such mailbox|550/);
    expect(row.attempts).toBe(1);
  });

  it('retries later when the server cannot be reached', async () => {
    const { messageId } = await send('password-reset', ['later@creators.test']);
    await worker(smtpTransport('smtp://127.0.0.1:1', 2000)).tick();
    const row = await recipientStatus(messageId, 'later@creators.test');
    expect(row.status).toBe('queued');
    expect(row.attempts).toBe(1);
    expect(row.nextAttemptAt).toBeGreaterThan(Date.now());
    expect(row.reason).toBeTruthy();
  });
});

describe('mandrill transport against a fake Mandrill API on 127.0.0.1', () => {
  const requests: { key: string; message: Record<string, unknown> }[] = [];
  let server: Server;
  let baseUrl: string;
  let failNext = true;

  beforeAll(async () => {
    server = createServer((req: IncomingMessage, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        const parsed = JSON.parse(body) as { key: string; message: { to: { email: string }[] } };
        requests.push(parsed as never);
        const email = parsed.message.to[0]!.email;
        const json = (status: number, data: unknown) =>
          res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(data));
        if (req.url !== '/api/1.0/messages/send')
          return json(404, { status: 'error', code: -1, name: 'Unknown', message: 'no route' });
        if (parsed.key === 'bad-key')
          return json(500, { status: 'error', code: -1, name: 'Invalid_Key', message: 'Invalid API key' });
        if (email.startsWith('rejected'))
          return json(200, [{ email, status: 'rejected', reject_reason: 'hard-bounce', _id: 'r1' }]);
        if (email.startsWith('invalid'))
          return json(200, [{ email, status: 'invalid', reject_reason: null, _id: 'i1' }]);
        if (email.startsWith('flaky') && failNext) {
          failNext = false;
          return json(500, {
            status: 'error',
            code: -1,
            name: 'GeneralError',
            message: 'Something went wrong',
          });
        }
        if (email.startsWith('slow')) return setTimeout(() => json(200, [{ email, status: 'sent' }]), 1500);
        return json(200, [
          { email, status: email.startsWith('queued') ? 'queued' : 'sent', reject_reason: null, _id: 'ok' },
        ]);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/1.0`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const mandrill = (apiKey = 'test-key') => mandrillTransport({ apiKey, baseUrl, timeoutMs: 500 });

  it('sends the documented message shape and reads per-recipient results', async () => {
    const { messageId } = await send('bulk-basic', [
      'sent@creators.test',
      'queued@creators.test',
      'rejected@creators.test',
      'invalid@creators.test',
    ]);
    await worker(mandrill()).drain();
    expect((await recipientStatus(messageId, 'sent@creators.test')).status).toBe('sent');
    expect((await recipientStatus(messageId, 'queued@creators.test')).status).toBe('sent');
    const rejected = await recipientStatus(messageId, 'rejected@creators.test');
    expect([rejected.status, rejected.reason]).toEqual(['rejected', 'rejected: hard-bounce']);
    expect((await recipientStatus(messageId, 'invalid@creators.test')).status).toBe('rejected');

    const request = requests.find(
      (r) => (r.message.to as { email: string }[])[0]!.email === 'sent@creators.test',
    )!;
    expect(request.key).toBe('test-key');
    expect(request.message).toMatchObject({
      from_email: 'no-reply@preffy.test',
      from_name: 'Preffy',
      to: [{ email: 'sent@creators.test', type: 'to' }],
      preserve_recipients: false,
      tags: ['bulk-basic'],
      metadata: { idempotency_key: `${messageId}:sent@creators.test` },
    });
    expect(request.message.subject).toBe(
      EMAIL_KINDS['bulk-basic'].render(EMAIL_KINDS['bulk-basic'].sample, 'en').subject,
    );
    expect(String(request.message.html)).toContain('/api/email/unsubscribe?e=');
    expect((request.message.headers as Record<string, string>)['List-Unsubscribe']).toMatch(
      /^<http:\/\/preffy\.test\/api\/email\/unsubscribe/,
    );
  });

  it('retries a 500 error with backoff, then delivers', async () => {
    const { messageId } = await send('password-reset', ['flaky@creators.test']);
    const w = worker(mandrill());
    await w.tick();
    const first = await recipientStatus(messageId, 'flaky@creators.test');
    expect(first.status).toBe('queued');
    expect(first.reason).toBe('Mandrill GeneralError (-1): Something went wrong');
    expect(first.nextAttemptAt).toBeGreaterThanOrEqual(Date.now() + 25_000);
    await app.db
      .updateTable('emailRecipients')
      .set({ nextAttemptAt: 0 })
      .where('id', '=', first.id)
      .execute();
    await w.tick();
    const second = await recipientStatus(messageId, 'flaky@creators.test');
    expect([second.status, second.attempts]).toEqual(['sent', 2]);
  });

  it('treats a timeout as temporary, and gives up after the last attempt', async () => {
    const { messageId } = await send('password-reset', ['slow@creators.test']);
    const w = worker(mandrill());
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      await w.tick();
      const row = await recipientStatus(messageId, 'slow@creators.test');
      expect(row.reason).toBe('Mandrill did not answer within 500 ms');
      expect(row.status).toBe(attempt < MAX_ATTEMPTS ? 'queued' : 'failed');
      await app.db
        .updateTable('emailRecipients')
        .set({ nextAttemptAt: 0 })
        .where('id', '=', row.id)
        .execute();
    }
  });

  it('does not retry an invalid API key', async () => {
    const { messageId } = await send('password-reset', ['someone@creators.test']);
    await worker(mandrill('bad-key')).drain();
    const row = await recipientStatus(messageId, 'someone@creators.test');
    expect([row.status, row.reason]).toEqual(['rejected', 'Mandrill Invalid_Key (-1): Invalid API key']);
  });
});

describe('the worker', () => {
  it('never delivers a message twice to one recipient, even with two workers at once', async () => {
    const delivered: string[] = [];
    const counting: EmailTransport = {
      name: 'outbox',
      deliver: async (mail) => {
        delivered.push(mail.idempotencyKey);
        await new Promise((r) => setTimeout(r, 1));
        return { status: 'sent' };
      },
    };
    const to = Array.from({ length: 150 }, (_, i) => `twice${i}@creators.test`);
    const { messageId } = await send('bulk-fancy', [...to, ...to.slice(0, 10)]);
    await Promise.all([worker(counting).drain(), worker(counting).drain()]);
    const mine = delivered.filter((k) => k.startsWith(messageId));
    expect(mine).toHaveLength(150);
    expect(new Set(mine).size).toBe(150);
  });

  it('marks unknown, and does not resend, a delivery interrupted by a crash', async () => {
    const { messageId } = await send('password-reset', ['crash@creators.test']);
    await app.db
      .updateTable('emailRecipients')
      .set({ status: 'sending', claimedBy: 'dead', claimedUntil: Date.now() - 1 })
      .where('messageId', '=', messageId)
      .execute();
    await worker({ name: 'outbox', deliver: async () => ({ status: 'sent' }) }).drain();
    const row = await recipientStatus(messageId, 'crash@creators.test');
    expect(row.status).toBe('unknown');
    expect(row.reason).toMatch(/interrupted/);
  });
});
