import { createConfig, lintFromString } from '@redocly/openapi-core';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInClient } from '../../../test/test-app.ts';

/**
 * The OpenAPI document as a stranger's tools read it (issue 19): Redocly's recommended rules,
 * and what every operation must say (its name, who may call it, its error answers).
 */
type Operation = {
  operationId?: string;
  security?: Record<string, string[]>[];
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
};
let app: FastifyInstance;
let document: { paths: Record<string, Record<string, Operation>>; components: Record<string, unknown> };
beforeAll(async () => {
  app = await createTestApp();
  const { client } = await signedInClient(app, 'staff');
  const response = await client.get('/api/openapi.json');
  expect(response.statusCode).toBe(200);
  document = response.json();
});
afterAll(() => app.close());

const operations = () =>
  Object.entries(document.paths).flatMap(([path, byMethod]) =>
    Object.entries(byMethod).map(([method, operation]) => ({ path, method, operation })),
  );

/** Warnings accepted, each for a reason. */
const ACCEPTED_WARNINGS = [
  // A licence with no public text to link to.
  'info-license-strict',
  // /api/finish/payout-files/{id} beside /api/finish/{competitionId}/…, /api/reports/shares/{id}
  // beside /api/reports/{id}/csv: the fixed segment always wins, and the web client uses them.
  'no-ambiguous-paths',
  // The liveness probe has no client error: it answers 200 or 500.
  'operation-4xx-response',
];

describe('the OpenAPI document', () => {
  it("passes Redocly's recommended rules: no error, and only the warnings accepted here", async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({
      source: JSON.stringify(document),
      absoluteRef: 'openapi.json',
      config,
    });
    const described = problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message}`);
    expect(described.filter((p) => p.startsWith('error'))).toEqual([]);
    expect(
      problems
        .filter((p) => p.severity === 'warn' && !ACCEPTED_WARNINGS.includes(p.ruleId))
        .map((p) => p.message),
    ).toEqual([]);
  });

  it('names every operation uniquely and says who may call it, with the schemes it declares', () => {
    const ids = operations().map(({ operation }) => operation.operationId);
    expect(ids.every(Boolean)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(Object.keys((document.components.securitySchemes ?? {}) as object).sort()).toEqual([
      'csrfToken',
      'partnerKey',
      'session',
    ]);
    const op = (path: string, method: string) => document.paths[path]![method]!;
    expect(op('/api/competitions', 'get').security).toEqual([{ session: [] }]);
    expect(op('/api/competitions', 'post').security).toEqual([{ session: [], csrfToken: [] }]);
    expect(op('/api/auth/login', 'post').security).toEqual([{ csrfToken: [] }]);
    expect(op('/api/ingest/posts', 'post').security).toEqual([{ partnerKey: [] }]);
    expect(op('/api/public/competitions/{id}', 'get').security).toEqual([]);
  });

  it('documents the error answers each route can give, with the one error schema', () => {
    const statuses = (path: string, method: string) =>
      Object.keys(document.paths[path]![method]!.responses).filter((s) => s >= '400');
    // A staff update of a versioned record: invalid, signed out, role or CSRF, missing, changed, locked.
    expect(statuses('/api/competitions/{id}', 'put')).toEqual(['400', '401', '403', '404', '409', '423']);
    expect(statuses('/api/auth/login', 'post')).toContain('429');
    const error =
      document.paths['/api/competitions/{id}']!.put!.responses['409']!.content!['application/json']!;
    expect(error.schema).toEqual({ $ref: '#/components/schemas/ApiError' });
  });

  it('includes the feed, file, page, image and document routes under their content types', () => {
    const content = (path: string, method = 'get') =>
      Object.keys(document.paths[path]![method]!.responses['200']!.content ?? {});
    expect(content('/api/calendar/feed/{file}')).toEqual(['text/calendar']);
    expect(content('/api/reports/{id}/pdf')).toEqual(['application/pdf']);
    expect(content('/api/finish/payout-files/{id}')).toEqual(['text/csv']);
    expect(content('/api/email/unsubscribe')).toEqual(['text/html']);
    expect(content('/api/email/unsubscribe', 'post')).toEqual(['text/html']);
    expect(content('/images/{name}')).toContain('image/webp');
    expect(content('/api/openapi.json')).toEqual(['application/json']);
  });
});
