import { type PostPlatform, type RefreshTier, chunkRows, entryKey, parsePostLink } from '@preffy/domain';
import type { Database, Dialect } from '../../db/database.ts';
import { now } from '../../lib/clock.ts';
import type { ClaimedTask, JobHandler, TaskContext } from '../../plugins/jobs/job-runner.ts';
import { startJob } from '../../plugins/jobs/jobs.repository.ts';
import { entriesNearPrizeCutoff, updateLeaderboardNow } from '../leaderboard/index.ts';
import { checkPostFlags, nextRefreshOf, storeRefreshFailure, storeRefreshedStats } from '../posts/index.ts';
import { type CoverReader, createCoverReader } from './cover-reader.ts';
import { type StatsResult, type StatsSource, type StatsSources, noProvider } from './providers.ts';
import {
  findPostsToRefresh,
  insertPostSnapshot,
  insertRefreshTasks,
  listCompetitionsDue,
} from './refresh.repository.ts';

const REFRESH_VIEWS = 'refresh-views';

/**
 * 'Update Views': one job per competition, one task per post; with `dueBy` (the schedule), only
 * the posts whose refresh tier makes them due by then.
 */
export function startRefreshJob(
  db: Database,
  competitionId: string,
  createdBy: string | null,
  dueBy?: number,
) {
  return startJob(db, { competitionId, kind: REFRESH_VIEWS, createdBy }, (trx, jobId) =>
    insertRefreshTasks(trx, jobId, competitionId, dueBy),
  );
}

/**
 * The schedule: each running competition with posts due gets a refresh job of those posts (none
 * is added while one runs). Staff's Update Views still reads every post.
 */
export async function refreshActiveCompetitions(db: Database) {
  const dueBy = now();
  const due = await listCompetitionsDue(db, dueBy);
  for (const c of due) await startRefreshJob(db, c.id, null, dueBy);
  return due.length;
}

type RefreshContext = TaskContext & { timeZone: string; readCover: CoverReader };

type PostTask = ClaimedTask & {
  platform: string;
  postId: string | null;
  link: string;
  coverHash: string | null;
  refreshTier: RefreshTier | null;
  /** Its entry holds a prize or is ranked just after one: it stays hot (decision 0138). */
  nearPrizeCutoff: boolean;
};

/**
 * Works Update Views tasks: asks each platform's provider for its posts (platforms side by side,
 * each provider at its own rate) and stores each post's numbers and a snapshot, or the failure
 * on the post, as the answers arrive; the automatic flags run on each post's new numbers (in the
 * business time zone, for 'Invalid Post Date').
 */
export function refreshViewsHandler(
  sources: StatsSources,
  options: { timeZone: string; dialect: Dialect; readCover?: CoverReader },
): JobHandler {
  const { timeZone, dialect, readCover = createCoverReader({ timeoutMs: 10_000 }) } = options;
  return {
    kind: REFRESH_VIEWS,
    // The standings follow the new numbers (the public page's, issue 43): once a refresh is
    // done, the board is worked out again, by the runner that closed the job.
    whenDone: (job, { db }) => updateLeaderboardNow(db, dialect, job.competitionId),
    async workTasks(tasks, context) {
      const posts = await findPostsToRefresh(
        context.db,
        tasks.map((t) => t.subject),
      );
      const byId = new Map(posts.map((p) => [p.id, p]));
      const nearByCompetition = new Map<string, Set<string>>();
      for (const competitionId of new Set(posts.map((p) => p.competitionId)))
        nearByCompetition.set(competitionId, await entriesNearPrizeCutoff(context.db, competitionId));
      const byPlatform = new Map<string, PostTask[]>();
      for (const task of tasks) {
        const post = byId.get(task.subject);
        if (!post) {
          await context.complete(task, {
            ok: false,
            error: 'The post no longer exists',
            reason: 'post-gone',
          });
          continue;
        }
        const { id: _id, competitionId, creator, ...fields } = post;
        const nearPrizeCutoff = nearByCompetition.get(competitionId)!.has(entryKey(creator, post.platform));
        byPlatform.set(post.platform, [
          ...(byPlatform.get(post.platform) ?? []),
          { ...task, ...fields, nearPrizeCutoff },
        ]);
      }
      await Promise.all(
        [...byPlatform].map(([platform, platformTasks]) =>
          refreshPlatform(
            sources[platform as PostPlatform] as StatsSource | undefined,
            platform,
            platformTasks,
            { ...context, timeZone, readCover },
          ),
        ),
      );
    },
  };
}

/**
 * Provider calls in flight at once per platform. One at a time, each call's latency and the
 * storing of its answers come on top of the rate's spacing, so a 20 requests/s provider was used
 * at 15 (issue 18's benchmark); a few in flight keep every slot of the rate used. The rate itself
 * is kept by the provider client, whoever calls.
 */
export const CALLS_IN_FLIGHT = 4;

/**
 * Asks the platform's provider for the tasks' posts, a few calls at once, and stores each call's
 * answers as it arrives: a crash loses only the calls in flight.
 */
async function refreshPlatform(
  source: StatsSource | undefined,
  platform: string,
  tasks: PostTask[],
  context: RefreshContext,
) {
  const unsupported = noProvider(`No data provider for ${platform}`);
  // Older posts may lack the platform id: read it from the link.
  const videoIdOf = (t: PostTask) => {
    const parsed = parsePostLink(t.link);
    return t.postId ?? (parsed.kind === 'post' ? parsed.postId : null);
  };
  const known: { task: PostTask; videoId: string }[] = [];
  for (const task of tasks) {
    const videoId = videoIdOf(task);
    if (videoId === null)
      await record(context, task, {
        ok: false,
        error: 'The link is not a recognised TikTok, Instagram or YouTube video',
        reason: 'invalid-link',
      });
    else if (!source) await record(context, task, unsupported);
    else known.push({ task, videoId });
  }
  if (!source) return;
  const calls = chunkRows(known, Math.max(1, source.batchSize));
  let next = 0;
  const caller = async () => {
    for (let call = calls[next++]; call; call = calls[next++]) {
      const results = await source.fetch(call.map((k) => ({ postId: k.videoId, link: k.task.link })));
      for (const { task, videoId } of call) await record(context, task, results.get(videoId) ?? unsupported);
    }
  };
  await Promise.all(Array.from({ length: Math.min(CALLS_IN_FLIGHT, calls.length) }, caller));
}

/**
 * Stores one post's numbers and snapshot, or its failure, with the task's outcome and when the
 * schedule next reads it. A post whose cover is not hashed yet has it read first, outside the
 * transaction (a network call).
 */
async function record(context: RefreshContext, task: PostTask, result: StatsResult) {
  const tiering = { nearPrizeCutoff: task.nearPrizeCutoff, previous: task.refreshTier };
  if (!result.ok) {
    const at = now();
    const failure = { error: result.error.slice(0, 500), reason: result.reason };
    return context.complete(task, { ok: false, ...failure }, async (trx) =>
      storeRefreshFailure(
        trx,
        task.subject,
        failure,
        at,
        await nextRefreshOf(trx, task.subject, at, null, tiering),
      ),
    );
  }
  const s = result.stats;
  const cover = s.coverUrl && !task.coverHash ? await context.readCover(s.coverUrl) : null;
  const at = now();
  return context.complete(task, { ok: true }, async (trx) => {
    const schedule = await nextRefreshOf(trx, task.subject, at, s, tiering);
    const likes = await storeRefreshedStats(trx, task.subject, s, result.provider, at, schedule, cover);
    // The snapshot holds the likes as stored, bonus included.
    await insertPostSnapshot(trx, task.subject, at, likes, s, result.provider);
    await checkPostFlags(trx, task.subject, context.timeZone, {
      providerLikes: s.likes,
      coverIsNew: cover !== null,
    });
  });
}
