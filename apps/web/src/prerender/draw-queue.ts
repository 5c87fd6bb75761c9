/**
 * After this long (from its start) the next screen is drawn even if this one has not finished:
 * one that never ends must not hold every later page. Its result, if it ever comes, is dropped,
 * as later drawings may have changed the language under it.
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
            let settled = false;
            const settle = (finish: () => void) => {
              if (settled) return;
              settled = true;
              clearTimeout(timer);
              finish();
              next();
            };
            const timer = setTimeout(() => settle(() => reject(new Error('The drawing stalled'))), STALL_MS);
            draw().then(
              (page) => settle(() => resolve(page)),
              (error: unknown) => settle(() => reject(error as Error)),
            );
          }),
      );
    });
  };
}
