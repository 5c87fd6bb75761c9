import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { SKIPPED_ROUTES, createFuzzTarget } from './fuzz-target.ts';
import { invalidRequest, routeKey, type FuzzRequest } from './invalid-requests.ts';

/**
 * Issue #11: an attack sent thousands of malformed inputs; some got a 500, some changed rows.
 * Every mutation route in the OpenAPI document gets RUNS_PER_ROUTE requests that are invalid by
 * construction. Each must be answered with a 4xx (a 429 counts: the limit is working), and
 * after a route's runs no row of any table may have changed.
 *
 * Reproduce a failure with the seed it prints: FUZZ_SEED=<seed> npx vitest run --config apps/server/vitest.config.ts fuzz
 */
const RUNS_PER_ROUTE = 200;
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);

const target = await createFuzzTarget();
afterAll(() => target.app.close());

/** What a failure prints: the request (truncated) and the answer, never a 1 MB payload. */
function withSummary(request: FuzzRequest) {
  return Object.assign(request, { [fc.toStringMethod]: () => request.summary });
}

describe('mutation routes under invalid input', () => {
  it('fuzzes every mutation route the app has, except the ones skipped on purpose', () => {
    const fuzzed = target.routes.map((route) => routeKey(route).replace(/\{(\w+)\}/g, ':$1'));
    const registered = target.app.routeAccess
      .filter(
        (route) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method) && route.url.startsWith('/api/'),
      )
      .map((route) => `${route.method} ${route.url}`);
    expect([...fuzzed, ...Object.keys(SKIPPED_ROUTES)].sort()).toEqual(registered.sort());
  });

  for (const route of target.routes) {
    it(`${routeKey(route)}: ${RUNS_PER_ROUTE} invalid inputs, no 5xx, no changed row`, async () => {
      const before = await target.fingerprint();
      let runs = 0;
      const requests = invalidRequest(route, target.context, target.realIdsFor(route)).map(withSummary);
      await fc.assert(
        fc.asyncProperty(requests, fc.nat(), fc.ipV4(), async (request, session, address) => {
          runs++;
          const response = await target.send(request, session, address);
          const rejected = response.statusCode >= 400 && response.statusCode < 500;
          if (!rejected)
            throw new Error(
              `${response.statusCode} for ${request.summary}\n→ ${response.body.slice(0, 500)}\n` +
                (response.statusCode < 400
                  ? 'An input meant to be invalid was accepted: a missing check, or the generator must not make it.'
                  : 'A 5xx on bad input is a bug.') +
                ` Replay: FUZZ_SEED=${SEED}`,
            );
          // A refusal explains itself without internals.
          expect(response.body).not.toMatch(/passwordHash|keyHash|\n\s+at /);
        }),
        { numRuns: RUNS_PER_ROUTE, seed: SEED },
      );
      expect(runs).toBeGreaterThanOrEqual(RUNS_PER_ROUTE);

      const after = await target.fingerprint();
      const changed = Object.keys(before).filter((table) => before[table] !== after[table]);
      expect(changed, 'tables changed by rejected requests').toEqual([]);
    }, 60_000);
  }
});
