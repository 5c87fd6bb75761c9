import type { FastifyInstance } from 'fastify';
import type { TestClient } from '../../../test/test-app.ts';
import { newId, now } from '../../lib/clock.ts';
import type { PostStats, StatsSource, StatsSources } from '../refresh/index.ts';

/** Test helpers of the review tests (this file holds no tests). */

/** A confirmed competition that started yesterday, organized by `organizerEmail`. */
export async function createCompetition(staff: TestClient, organizerEmail = 'artist@label.test') {
  const defaults = (await staff.get('/api/competitions/defaults')).json();
  const created = await staff.post('/api/competitions', {
    email: organizerEmail,
    name: 'Review Song',
    organizer: 'Luna Vega',
    audio: 'https://soundcloud.com/luna/review',
    startDate: defaults.startDate - 24 * 3600_000,
    endDate: defaults.endDate,
    invoiceAmount: 1000,
    prizes: [],
  });
  if (created.statusCode !== 201) throw new Error(created.body);
  const c = created.json().competition;
  if (!c.isConfirmed) await staff.post(`/api/competitions/${c.id}/confirm`, { version: c.version });
  return { id: c.id as string, name: c.name as string, startDate: c.startDate as number };
}

let videoCounter = 0;
/** A TikTok video link no other test uses. */
export const tiktokLink = (handle = 'creator') =>
  `https://www.tiktok.com/@${handle}/video/73${String(process.pid % 1e6).padStart(6, '0')}${String(++videoCounter).padStart(11, '0')}`;

let clock = now() - 3_600_000;
/**
 * `n` unscored TikTok posts inserted directly, one millisecond apart (oldest first), so the
 * queue's order is certain.
 */
export async function insertPosts(
  app: FastifyInstance,
  competitionId: string,
  n: number,
  fields: { likes?: number; bonusLikes?: number | null } = {},
) {
  const rows = Array.from({ length: n }, (_, i) => {
    const createdAt = ++clock;
    const link = tiktokLink(`creator${i}`);
    return {
      id: newId(),
      version: 1,
      deleted: 0 as const,
      createdAt,
      updatedAt: createdAt,
      competitionId,
      link,
      email: `creator${i}@creators.test`,
      creator: `creator${i}`,
      platform: 'tiktok',
      postId: /video\/(\d+)/.exec(link)![1]!,
      likes: fields.likes ?? 0,
      bonusLikes: fields.bonusLikes ?? null,
      views: 0,
      creativityScore: 0,
      source: '',
      shares: 0,
      comments: 0,
    };
  });
  await app.db.insertInto('posts').values(rows).execute();
  return rows.map((r) => r.id);
}

/**
 * Stats sources that answer the numbers the test sets per platform video id (others fail), so
 * a refresh stores exactly what a test needs.
 */
export function scriptedSources() {
  const answers = new Map<string, Partial<PostStats>>();
  const source = (platform: keyof StatsSources): StatsSource => ({
    platform,
    batchSize: 50,
    fetch: async (targets) =>
      new Map(
        targets.map((t) => {
          const stats = answers.get(t.postId);
          return [
            t.postId,
            stats
              ? {
                  ok: true as const,
                  provider: 'scripted',
                  stats: {
                    likes: 0,
                    views: 0,
                    comments: 0,
                    shares: 0,
                    postedDate: null,
                    author: null,
                    country: null,
                    ...stats,
                  },
                }
              : { ok: false as const, error: 'not scripted' },
          ];
        }),
      ),
  });
  return {
    answers,
    sources: { tiktok: source('tiktok'), instagram: source('instagram'), youtube: source('youtube') },
  };
}
