import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInClient } from '../../../test/test-app.ts';
import { newCompetition } from '../../../test/fixtures/competitions.ts';
import { insertPosts } from '../../../test/fixtures/posts.ts';
import { postTotals } from './analytics.repository.ts';
import { ensurePostDays } from './post-days.repository.ts';

/**
 * The daily rollups follow BUSINESS_TIME_ZONE (decision 0057): a post at 02:00 UTC lies on its
 * UTC day, and on the day before once the zone is New York (21:00 there).
 */
let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({ businessTimeZone: 'UTC' });
  const { client } = await signedInClient(app, 'staff');
  const id = await newCompetition(app, client, { name: 'Rollup Zone' });
  await insertPosts(app, id, [{ creator: 'Night', createdAt: Date.parse('2025-01-01T02:00Z'), views: 40 }]);
});
afterAll(() => app.close());

const postsOn = async (day: string) => (await postTotals(app.db, { from: day, to: day })).posts;

describe('daily post rollups', () => {
  it('count a post on its business day, and again when the time zone changes', async () => {
    expect(await postsOn('2025-01-01')).toBe(1);
    expect(await ensurePostDays(app.db, 'UTC')).toBe(false);

    expect(await ensurePostDays(app.db, 'America/New_York')).toBe(true);
    expect(await postsOn('2025-01-01')).toBe(0);
    expect(await postsOn('2024-12-31')).toBe(1);
    expect((await postTotals(app.db, { from: '2024-12-31', to: '2024-12-31' })).views).toBe(40);
    expect(await ensurePostDays(app.db, 'America/New_York')).toBe(false);
  });
});
