import { buildLeaderboard, type Metric } from '@preffy/domain';
import type { Database } from '../../db/database.ts';
import { newId, now } from '../../lib/clock.ts';
import { notFound } from '../../lib/errors.ts';

const CHUNK = 500;

/** 'Update Leaderboard': a job the worker runs once; the page follows it like a refresh. */
export async function startLeaderboardJob(db: Database, competitionId: string, createdBy: string | null) {
  const running = await db
    .selectFrom('jobs')
    .select('id')
    .where('competitionId', '=', competitionId)
    .where('kind', '=', 'update-leaderboard')
    .where('status', 'in', ['queued', 'running'])
    .executeTakeFirst();
  if (running) return running.id;
  const id = newId();
  const at = now();
  await db
    .insertInto('jobs')
    .values({
      id,
      kind: 'update-leaderboard',
      competitionId,
      status: 'queued',
      total: 1,
      done: 0,
      failed: 0,
      createdBy,
      createdAt: at,
      updatedAt: at,
      finishedAt: null,
      error: null,
    })
    .execute();
  return id;
}

/**
 * Recomputes a competition's leaderboard from its posts (packages/domain buildLeaderboard) and
 * replaces the stored one in one transaction, so readers see the old or the new, never half.
 */
export async function computeLeaderboard(db: Database, competitionId: string, timeZone: string) {
  const competition = await db
    .selectFrom('competitions')
    .select(['id', 'prizes', 'metric', 'startDate', 'countries', 'continents'])
    .where('id', '=', competitionId)
    .where('deleted', '=', 0)
    .executeTakeFirst();
  if (!competition) throw notFound('Competition');
  const posts = await db
    .selectFrom('posts')
    .select([
      'creator',
      'platform',
      'email',
      'likes',
      'views',
      'creativityScore',
      'source',
      'createdAt',
      'postedDate',
      'country',
      'postId',
    ])
    .where('competitionId', '=', competitionId)
    .where('deleted', '=', 0)
    .execute();
  const banned = await db
    .selectFrom('winners')
    .innerJoin('posts', 'posts.email', 'winners.email')
    .select('winners.email')
    .distinct()
    .where('posts.competitionId', '=', competitionId)
    .where('winners.deleted', '=', 0)
    .where('winners.isBanned', '=', 1)
    .execute();
  const rows = buildLeaderboard(
    posts.map((p) => ({
      ...p,
      createdAt: Number(p.createdAt),
      postedDate: p.postedDate === null ? null : Number(p.postedDate),
    })),
    {
      prizes: JSON.parse(competition.prizes) as string[],
      metric: (competition.metric === 'views' ? 'views' : 'likes') as Metric,
      bannedEmails: banned.map((b) => b.email),
      competition: {
        startDate: Number(competition.startDate),
        countries: competition.countries ? (JSON.parse(competition.countries) as string[]) : null,
        continents: JSON.parse(competition.continents) as string[],
      },
      timeZone,
    },
  );
  const at = now();
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('leaderboardEntries').where('competitionId', '=', competitionId).execute();
    for (let i = 0; i < rows.length; i += CHUNK)
      await trx
        .insertInto('leaderboardEntries')
        .values(
          rows
            .slice(i, i + CHUNK)
            .map((r) => ({ ...r, flags: JSON.stringify(r.flags), competitionId, computedAt: at })),
        )
        .execute();
  });
  return rows.length;
}
