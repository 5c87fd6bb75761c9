import { naturalSortKey } from '@preffy/domain';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInClient } from '../../test/test-app.ts';
import { newCompetition } from '../../test/fixtures/competitions.ts';
import { insertPosts } from '../../test/fixtures/posts.ts';

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

describe('lists sorted by text sort naturally (creator2 before creator10)', () => {
  const names = ['creator10', 'Creator2', 'creator1', 'creator100'];
  const natural = ['creator1', 'Creator2', 'creator10', 'creator100'];

  it('the winners directory and the Email page’s subscribers, by email', async () => {
    const { client } = await signedInClient(app, 'admin');
    const tag = `nat${Date.now()}`;
    for (const name of names) {
      const added = await client.post('/api/winners', { email: `${tag}.${name}@winners.test` });
      expect(added.statusCode, added.body).toBe(201);
    }
    const emailsOf = (items: { email: string }[]) => items.map((w) => w.email.split('.')[1]!.split('@')[0]);
    const winners = await client.get(`/api/winners?search=${tag}&sortBy=email&sortDirection=asc`);
    expect(emailsOf(winners.json().items)).toEqual(natural.map((n) => n.toLowerCase()));
    const subscribers = await client.get(
      `/api/email/subscribers?search=${tag}&sortBy=email&sortDirection=desc`,
    );
    expect(emailsOf(subscribers.json().items)).toEqual(natural.map((n) => n.toLowerCase()).reverse());
  });

  it('posts admin, by creator', async () => {
    const { client } = await signedInClient(app, 'admin');
    const competitionId = await newCompetition(app, client);
    await insertPosts(
      app,
      competitionId,
      names.map((creator) => ({ creator })),
    );
    const listed = await client.get(
      `/api/posts?competitionId=${competitionId}&sortBy=creator&sortDirection=asc`,
    );
    expect(listed.json().items.map((p: { creator: string }) => p.creator)).toEqual(natural);
  });
});
