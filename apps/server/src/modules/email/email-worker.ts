import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.ts';
import { now } from '../../lib/clock.ts';
import {
  claimDue,
  extendClaim,
  markInterrupted,
  recordOutcome,
  storeMessageBody,
} from './delivery.repository.ts';
import { withoutSecretLinks } from './secret-links.ts';
import type { EmailTransport } from './transports/transport.ts';
import { withUnsubscribeUrl } from './templates/render.ts';
import { unsubscribeUrl } from './unsubscribe.ts';

export const MAX_ATTEMPTS = 6;
/** How long a claim holds without its claimer's heartbeat; the heartbeat beats at a third of it. */
const CLAIM_MS = 30_000;

/** 30 s, 1 min, 2 min, … capped at 1 hour. */
export const retryDelayMs = (attempts: number) => Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3600_000);

export type WorkerOptions = {
  transport: EmailTransport;
  from: { email: string; name: string };
  publicUrl: string;
  secret: string;
  /** Recipients handled in one round at the most. */
  batchSize?: number;
  /** Deliveries in flight at once, each claimed on its own: the most a crash leaves unknown. */
  concurrency?: number;
  claimMs?: number;
  log?: FastifyBaseLogger;
};

type Claimed = Awaited<ReturnType<typeof claimDue>>[number];

/**
 * Delivers the outbox in small steps, like the job runner (decision 0125). Each of `concurrency`
 * slots claims one due recipient at a time with a conditional UPDATE (two server instances never
 * claim the same row), hands it over and records the outcome; a heartbeat keeps the claims of
 * deliveries in flight. So a crash leaves at most `concurrency` recipients in doubt, and within
 * a claim's time another instance marks them `unknown` (never resent without an admin: a message
 * must not reach anybody twice) and goes on with the rest.
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
    const claimMs = this.options.claimMs ?? CLAIM_MS;
    // Their messages are finished now, though no round of this worker delivered them.
    if ((await markInterrupted(this.db, now())) > 0) await this.removeFinishedSecrets();
    const round = randomUUID();
    const slots = Array.from({ length: this.options.concurrency ?? 5 }, (_, i) => `${round}:${i}`);
    let budget = this.options.batchSize ?? 100;
    const handled: Claimed[] = [];
    const heartbeat = setInterval(() => {
      for (const slot of slots)
        void extendClaim(this.db, slot, now() + claimMs).catch((err) =>
          this.options.log?.error({ err }, 'email claim heartbeat failed'),
        );
    }, claimMs / 3);
    try {
      await Promise.all(
        slots.map(async (slot) => {
          while (budget > 0) {
            budget -= 1;
            const at = now();
            const [row] = await claimDue(this.db, slot, at, at + claimMs, 1);
            if (!row) return;
            handled.push(row);
            await this.deliverOne(row);
          }
        }),
      );
    } finally {
      clearInterval(heartbeat);
    }
    await this.removeDeliveredSecrets([...new Set(handled.map((row) => row.messageId))]);
    return handled.length;
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
      await storeMessageBody(this.db, message.id, html, text);
    }
  }

  private async deliverOne(row: Claimed) {
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
    const by = { transport: transport.name };
    if (result.status === 'sent') {
      await recordOutcome(this.db, row.id, { ...by, status: 'sent', sentAt: at, reason: null });
    } else if (result.status === 'rejected' || row.attempts >= MAX_ATTEMPTS) {
      await recordOutcome(this.db, row.id, {
        ...by,
        status: result.status === 'rejected' ? 'rejected' : 'failed',
        reason: result.reason,
      });
    } else {
      await recordOutcome(this.db, row.id, {
        ...by,
        status: 'queued',
        reason: result.reason,
        nextAttemptAt: at + retryDelayMs(row.attempts),
      });
    }
  }

  /**
   * Every finished message of a kind that carries a sign-in secret, still holding its link, is
   * cleaned page by page: the same rule as removeDeliveredSecrets, for messages no batch of this
   * worker finished (delivered before an upgrade, or left unknown by a crash).
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
export const SECRET_LINK_KINDS = ['password-reset', 'invitation', 'sign-in-link'] as const;
