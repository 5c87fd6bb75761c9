import { naturalSortKey } from '@preffy/domain';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe('natural_key in the database', () => {
  it('computes the domain’s naturalSortKey exactly (so both databases sort alike)', async () => {
    for (const text of [
      'creator10',
      'Creator2',
      '',
      'v1.10-rc2',
      '007 agent',
      'a1234567890123456b',
      '@dj_5 #3',
    ])
      expect(
        (await sql<{ key: string }>`select natural_key(${text}) as key`.execute(app.db)).rows[0]!.key,
        text,
      ).toBe(naturalSortKey(text));
  });
});
