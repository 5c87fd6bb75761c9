import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.ts';
import { now } from '../../lib/clock.ts';
import { withoutSecretLinks } from './secret-links.ts';
import type { EmailTransport } from './transports/transport.ts';
import { withUnsubscribeUrl } from './templates/render.ts';
import { unsubscribeUrl } from './unsubscribe.ts';

export const MAX_ATTEMPTS = 6;
const CLAIM_MS = 5 * 60_000;

/** 30 s, 1 min, 2 min, … capped at 1 hour. */
export const retryDelayMs = (attempts: number) => Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3600_000);

export type WorkerOptions = {
  transport: EmailTransport;
  from: { email: string; name: string };
  publicUrl: string;
  secret: string;
  batchSize?: number;
  concurrency?: number;
  log?: FastifyBaseLogger;
};

/**
 * Delivers the outbox. Each tick claims a batch of due recipients with one conditional UPDATE
 * (so two server instances never claim the same row), marks them 'sending', and records each
 * outcome. A row left 'sending' by a crash is failed rather than retried: we cannot know
 * whether it left, and a message must never reach a recipient twice.
 */
export class EmailWorker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;

  constructor(
    private readonly db: Database,
    private readonly options: WorkerOptions,
  ) {}

  start(intervalMs: number) {
    // Messages finished before this start (an older version, a crash) lose their links too.
    void this.removeFinishedSecrets().catch((err) =>
      this.options.log?.error({ err }, 'removing delivered sign-in links failed'),
    );
    this.timer = setInterval(
      () => void this.tick().catch((err) => this.options.log?.error({ err }, 'email worker tick failed')),
      intervalMs,
    );
    this.timer.unref();
  }

  async stop() {
    clearInterval(this.timer);
    await this.running;
  }

  /** One round: returns how many recipients it handled. Overlapping calls share one round. */
  tick(): Promise<number> {
    this.running ??= this.round().finally(() => (this.running = undefined));
    return this.running;
  }

  /** Runs rounds until nothing is due (tests and the bulk-send progress use it). */
  async drain(): Promise<void> {
    while ((await this.tick()) > 0);
  }

  private async round(): Promise<number> {
    const at = now();
    await this.failAbandoned(at);
    const claim = randomUUID();
    const due = this.db
      .selectFrom('emailRecipients')
      .select('id')
      .where('status', '=', 'queued')
      .where('nextAttemptAt', '<=', at)
      .orderBy('nextAttemptAt')
      .limit(this.options.batchSize ?? 100);
    await this.db
      .updateTable('emailRecipients')
      .set((eb) => ({
        status: 'sending',
        claimedBy: claim,
        claimedUntil: at + CLAIM_MS,
        attempts: eb('attempts', '+', 1),
      }))
      .where('id', 'in', due)
      .where('status', '=', 'queued')
      .execute();
    const claimed = await this.db
      .selectFrom('emailRecipients')
      .innerJoin('emailMessages', 'emailMessages.id', 'emailRecipients.messageId')
      .select([
        'emailRecipients.id',
        'emailRecipients.email',
        'emailRecipients.name',
        'emailRecipients.attempts',
        'emailMessages.id as messageId',
        'emailMessages.kind',
        'emailMessages.isMarketing',
        'emailMessages.subject',
        'emailMessages.html',
        'emailMessages.text',
      ])
      .where('emailRecipients.claimedBy', '=', claim)
      .execute();

    const queue = [...claimed];
    const workers = Array.from(
      { length: Math.min(this.options.concurrency ?? 5, queue.length) },
      async () => {
        for (let row = queue.shift(); row; row = queue.shift()) await this.deliverOne(row);
      },
    );
    await Promise.all(workers);
    await this.removeDeliveredSecrets([...new Set(claimed.map((row) => row.messageId))]);
    return claimed.length;
  }

  /**
   * Once a real transport has handed a message to every recipient, the stored copy loses its
   * sign-in, reset and invitation links: the outbox must not be a pile of live secrets. In
   * 'outbox' mode nothing leaves, so admins relay those links by hand and they stay.
   */
  private async removeDeliveredSecrets(messageIds: string[]) {
    if (this.options.transport.name === 'outbox' || messageIds.length === 0) return;
    const unfinished = await this.db
      .selectFrom('emailRecipients')
      .select('messageId')
      .distinct()
      .where('messageId', 'in', messageIds)
      .where('status', 'in', ['queued', 'sending'])
      .execute();
    const open = new Set(unfinished.map((row) => row.messageId));
    const finished = messageIds.filter((id) => !open.has(id));
    if (finished.length === 0) return;
    const messages = await this.db
      .selectFrom('emailMessages')
      .select(['id', 'html', 'text'])
      .where('id', 'in', finished)
      .execute();
    for (const message of messages) {
      const html = withoutSecretLinks(message.html);
      const text = withoutSecretLinks(message.text);
      if (html === message.html && text === message.text) continue;
      await this.db.updateTable('emailMessages').set({ html, text }).where('id', '=', message.id).execute();
    }
  }

  private async deliverOne(row: {
    id: string;
    email: string;
    name: string | null;
    attempts: number;
    messageId: string;
    kind: string;
    isMarketing: number;
    subject: string;
    html: string;
    text: string;
  }) {
    const { transport, from, publicUrl, secret } = this.options;
    const unsubscribe = unsubscribeUrl(publicUrl, secret, row.email);
    const { html, text } = withUnsubscribeUrl(row, unsubscribe);
    const headers: Record<string, string> = {};
    if (row.isMarketing) {
      // RFC 8058 one-click unsubscribe, understood by the big mailbox providers.
      headers['List-Unsubscribe'] = `<${unsubscribe}>`;
      headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click';
    }
    const result = await transport
      .deliver({
        from,
        to: { email: row.email, name: row.name },
        subject: row.subject,
        html,
        text,
        headers,
        tag: row.kind,
        idempotencyKey: `${row.messageId}:${row.email}`,
      })
      .catch((err: Error) => ({ status: 'retry' as const, reason: err.message }));
    const at = now();
    const done = { claimedBy: null, claimedUntil: null, transport: transport.name };
    const update = this.db
      .updateTable('emailRecipients')
      .where('id', '=', row.id)
      .where('status', '=', 'sending');
    if (result.status === 'sent') {
      await update.set({ ...done, status: 'sent', sentAt: at, reason: null }).execute();
    } else if (result.status === 'rejected' || row.attempts >= MAX_ATTEMPTS) {
      await update
        .set({ ...done, status: result.status === 'rejected' ? 'rejected' : 'failed', reason: result.reason })
        .execute();
    } else {
      await update
        .set({
          ...done,
          status: 'queued',
          reason: result.reason,
          nextAttemptAt: at + retryDelayMs(row.attempts),
        })
        .execute();
    }
  }

  private async failAbandoned(at: number) {
    const result = await this.db
      .updateTable('emailRecipients')
      .set({
        status: 'failed',
        reason: 'Delivery was interrupted; not retried so that nobody gets the email twice',
        claimedBy: null,
        claimedUntil: null,
      })
      .where('status', '=', 'sending')
      .where('claimedUntil', '<', at)
      .executeTakeFirst();
    // Their messages are finished now, though no batch of this worker delivered them.
    if (Number(result.numUpdatedRows) > 0) await this.removeFinishedSecrets();
  }

  /**
   * Every finished message of a kind that carries a sign-in secret, still holding its link, is
   * cleaned page by page: the same rule as removeDeliveredSecrets, for messages no batch of this
   * worker finished (delivered before an upgrade, or failed after a crash).
   */
  async removeFinishedSecrets(pageSize = 200) {
    if (this.options.transport.name === 'outbox') return;
    for (let after = ''; ;) {
      const page = await this.db
        .selectFrom('emailMessages')
        .select('id')
        .where('kind', 'in', [...SECRET_LINK_KINDS])
        .where('id', '>', after)
        .where((eb) => eb.or([eb('html', 'like', '%token=%'), eb('html', 'like', '%LoginToken=%')]))
        .orderBy('id')
        .limit(pageSize)
        .execute();
      if (page.length === 0) return;
      await this.removeDeliveredSecrets(page.map((row) => row.id));
      after = page.at(-1)!.id;
    }
  }
}

/** The kinds of message whose links sign someone in (auth/auth-links.ts builds those links). */
const SECRET_LINK_KINDS = ['password-reset', 'invitation', 'sign-in-link'] as const;
