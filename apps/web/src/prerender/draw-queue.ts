/**
 * After this long (from its start) a drawing's caller is told it stalled. Later drawings still
 * wait for it (drawings share the language and the API transport, so they never overlap), and
 * are skipped while their callers' deadlines pass: the server sends plain pages meanwhile.
 */
export const STALL_MS = 10_000;

/**
 * Drawings one at a time (the server's drawing: prerender.tsx). A drawing whose caller has given
 * up (`deadline`, ms since the epoch) by the time its turn comes is skipped (null): a queue of
 * pages nobody waits for must not grow.
 */
export function drawQueue() {
  let queue: Promise<void> = Promise.resolve();
  return function inQueue<T>(draw: () => Promise<T>, deadline = Infinity): Promise<T | null> {
    return new Promise<T | null>((resolve, reject) => {
      queue = queue.then(
        () =>
          new Promise<void>((next) => {
            if (Date.now() > deadline) {
              resolve(null);
              return next();
            }
            let answered = false;
            const answer = (finish: () => void) => {
              if (answered) return;
              answered = true;
              clearTimeout(timer);
              finish();
            };
            const timer = setTimeout(() => answer(() => reject(new Error('The drawing stalled'))), STALL_MS);
            draw()
              .then(
                (page) => answer(() => resolve(page)),
                (error: unknown) => answer(() => reject(error as Error)),
              )
              .finally(next);
          }),
      );
    });
  };
}
