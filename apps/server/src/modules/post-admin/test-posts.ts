import type { FastifyInstance } from 'fastify';
import type { Insertable } from 'kysely';
import type { TestClient } from '../../../test/test-app.ts';
import type { PostsTable } from '../../db/schema.ts';
import { newId, now } from '../../lib/clock.ts';

/** Test fixtures for the moderation modules (posts admin, creators, referrals). */

let linkCounter = 0;

/** A competition created through the API by `client` (staff, or an organizer for their own). */
export async function newCompetition(
  app: FastifyInstance,
  client: TestClient,
  fields: { name?: string; email?: string; metric?: 'likes' | 'views' } = {},
) {
  const defaults = (await client.get('/api/competitions/defaults')).json();
  const response = await client.post('/api/competitions', {
    email: fields.email ?? 'artist@label.test',
    name: fields.name ?? 'Moderation Song',
    organizer: 'Luna Vega',
    audio: 'https://soundcloud.com/luna/moderation',
    startDate: defaults.startDate,
    endDate: defaults.endDate,
    invoiceAmount: 1000,
    prizes: ['1st Place: $200'],
  });
  if (response.statusCode !== 201) throw new Error(`competition not created: ${response.body}`);
  const competition = response.json().competition as { id: string; version: number };
  if (fields.metric === 'views')
    // The metric is a staff field of the update form; set here directly to keep the fixture short.
    await app.db
      .updateTable('competitions')
      .set({ metric: 'views' })
      .where('id', '=', competition.id)
      .execute();
  return competition.id;
}

/** Posts stored directly (a submission would check links with the providers). */
export async function insertPosts(
  app: FastifyInstance,
  competitionId: string,
  posts: (Partial<Insertable<PostsTable>> & { creator: string })[],
) {
  const at = now();
  const rows = posts.map((p, i) => {
    const videoId = `71000000000${String(++linkCounter).padStart(8, '0')}`;
    return {
      id: newId(),
      version: 1,
      deleted: 0 as const,
      createdAt: at + i,
      updatedAt: at,
      competitionId,
      link: `https://www.tiktok.com/@${p.creator}/video/${videoId}`,
      email: `${p.creator.toLowerCase()}@creators.test`,
      platform: 'tiktok',
      postId: videoId,
      likes: 0,
      views: 0,
      bonusLikes: null,
      creativityScore: 0,
      source: '',
      shares: 0,
      comments: 0,
      ...p,
    };
  });
  await app.db.insertInto('posts').values(rows).execute();
  return rows;
}

/** A referral of `postId`: `link` came in through it. */
export async function insertReferral(app: FastifyInstance, postId: string, link: string, at = now()) {
  await app.db
    .insertInto('referrals')
    .values({
      id: newId(),
      version: 1,
      deleted: 0,
      createdAt: at,
      updatedAt: at,
      postId,
      referringLink: link,
    })
    .execute();
}
