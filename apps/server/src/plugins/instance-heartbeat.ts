import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database.ts';
import { now } from '../lib/clock.ts';
import { forgetInstance, forgetInstancesSilentSince, recordBeat } from './instances.repository.ts';

export type HeartbeatOptions = { heartbeatMs: number; deadAfterMs: number; log?: FastifyBaseLogger };

/**
 * This process's id and heartbeat in the `instances` table (decision 0119). What a request holds
 * in the database in its process's name (an Idempotency-Key reservation) names this id; another
 * instance that finds the id silent for `deadAfterMs` knows the process died and that the
 * request will never finish, so it may take the reservation over. A `kill -9` writes nothing,
 * so silence is the only sign there is.
 */
export class InstanceHeartbeat {
  readonly id = randomUUID();
  private timer: NodeJS.Timeout | undefined;
  private beating: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly db: Database,
    readonly options: HeartbeatOptions,
  ) {}

  /** Beats once before the app answers anything, then on a timer that keeps no process alive. */
  async start() {
    const at = now();
    await forgetInstancesSilentSince(this.db, at - this.options.deadAfterMs);
    await recordBeat(this.db, this.id, at);
    this.timer = setInterval(() => {
      this.beating = recordBeat(this.db, this.id, now()).catch((err: unknown) =>
        // A missed beat is retried by the next; only a silence as long as the bound counts.
        this.options.log?.error({ err }, 'instance heartbeat failed'),
      );
    }, this.options.heartbeatMs);
    this.timer.unref();
  }

  /** Stops beating; `forget` (a clean close, after every request ended) also removes the row. */
  async stop({ forget = false } = {}) {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.beating;
    if (forget) await forgetInstance(this.db, this.id);
  }
}
