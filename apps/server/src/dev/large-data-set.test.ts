import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient, createTestApp } from '../../test/test-app.ts';
import { BENCH_USER, prepareBenchUser } from './bench-user.ts';
import { BIG_COMPETITION_ID, countsAt, postsPerCompetition, seedLargeDataSet } from './large-data-set.ts';

let app: FastifyInstance;
const SCALE = 0.002;
const BASE_DAY = Date.parse('2026-11-24T00:00:00Z');
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe('the large data set (npm run seed:large)', () => {
  it('has the issue’s proportions and skew at every scale', () => {
    expect(countsAt(1)).toEqual({
      competitions: 10_000,
      posts: 1_000_000,
      snapshots: 5_000_000,
      winners: 100_000,
      payments: 200_000,
      inquiries: 50_000,
      notes: 100_000,
    });
    const counts = countsAt(1);
    let seed = 1;
    const perCompetition = postsPerCompetition(
      counts,
      () => (seed = (seed * 16807) % 2147483647) / 2147483647,
    );
    expect(perCompetition.reduce((a, b) => a + b, 0)).toBe(1_000_000);
    expect(perCompetition[0]).toBeGreaterThanOrEqual(50_000);
    const withPosts = perCompetition.slice(1).filter((n) => n > 0);
    const median = [...withPosts].sort((a, b) => a - b)[Math.floor(withPosts.length / 2)]!;
    expect(median).toBeGreaterThanOrEqual(100);
    expect(median).toBeLessThan(1000);
  });

  it('writes the same rows on each run, and the app reads them: lists, the big competition, the bench sign-in', async () => {
    const counts = await seedLargeDataSet(app.db, app.dialect, { scale: SCALE, baseDay: BASE_DAY });
    const count = async (
      table: 'competitions' | 'posts' | 'postSnapshots' | 'winners' | 'payments' | 'inquiries' | 'notes',
    ) =>
      Number(
        (
          await app.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect({
      competitions: await count('competitions'),
      posts: await count('posts'),
      snapshots: await count('postSnapshots'),
      winners: await count('winners'),
      payments: await count('payments'),
      inquiries: await count('inquiries'),
      notes: await count('notes'),
    }).toEqual(counts);
    const big = await app.db
      .selectFrom('posts')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('competitionId', '=', BIG_COMPETITION_ID)
      .executeTakeFirstOrThrow();
    expect(Number(big.n)).toBeGreaterThanOrEqual(100);
    // Deterministic: a known row has known values.
    const post = await app.db
      .selectFrom('posts')
      .selectAll()
      .where('id', '=', 'bench-p-0000007')
      .executeTakeFirstOrThrow();
    expect(post).toMatchObject({
      creator: 'creator3',
      platform: 'instagram',
      competitionId: BIG_COMPETITION_ID,
    });

    await prepareBenchUser(app.db);
    const client = new TestClient(app);
    expect(
      (await client.post('/api/auth/login', { email: BENCH_USER.email, password: BENCH_USER.password }))
        .statusCode,
    ).toBe(200);
    const tabs = await client.get('/api/competitions/tab-counts');
    expect(tabs.statusCode, tabs.body).toBe(200);
    const active = await client.get('/api/competitions?tab=active&pageSize=5');
    expect(active.json().total).toBeGreaterThan(0);
    const bigPosts = await client.get(`/api/competitions/${BIG_COMPETITION_ID}/posts?pageSize=5`);
    expect(bigPosts.statusCode, bigPosts.body).toBe(200);
    expect(bigPosts.json().total).toBe(Number(big.n));
    const inquiries = await client.get('/api/inquiries?status=Unseen&pageSize=5');
    expect(inquiries.json().total).toBeGreaterThan(0);
    const payments = await client.get('/api/payments?status=Paid&pageSize=5');
    expect(payments.json().total).toBeGreaterThan(0);
  });
});
