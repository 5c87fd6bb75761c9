import type { FastifyBaseLogger } from 'fastify';

/**
 * Work that runs after the answer has left, so its duration cannot tell the caller anything
 * (forgot-password: whether the account exists). The app waits for it on close; tests await
 * `settled()` instead of sleeping.
 */
export class DeferredWork {
  private readonly pending = new Set<Promise<void>>();
  /** How many tasks were ever scheduled: lets a test see that two paths did the same thing. */
  scheduled = 0;

  constructor(private readonly log?: FastifyBaseLogger) {}

  run(task: () => Promise<void>) {
    this.scheduled += 1;
    // setImmediate: the reply is written before the task's first step.
    const done: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(task)
      .catch((err: unknown) => this.log?.error({ err }, 'deferred work failed'))
      .finally(() => this.pending.delete(done));
    this.pending.add(done);
  }

  async settled(): Promise<void> {
    while (this.pending.size) await Promise.all(this.pending);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Work done after the response (see DeferredWork). */
    afterResponse: DeferredWork;
  }
}
