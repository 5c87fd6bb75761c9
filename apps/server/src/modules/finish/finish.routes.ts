import { finish, publicWinners as publicWinnersApi } from '@preffy/api';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/contract-route.ts';
import { cacheablePublicAnswer } from '../../lib/public-cache.ts';
import { bringLeaderboardUpToDate } from '../leaderboard/index.ts';
import { listFinishCompetitions } from './finish.repository.ts';
import { completeFinish, makePayoutFiles, payoutFileDownload } from './finish-payout.ts';
import { candidatesOf, saveWinnersDraft, suggestSlots } from './finish.service.ts';
import { submitWinners } from './finish-submit.ts';
import { loadFinish, requireCompetition } from './finish-view.ts';
import { publicWinners } from './public-winners.ts';

/** The finish wizard (/preffy/finish, issue 14): staff and admins only, declared in the contract. */
export async function finishRoutes(app: FastifyInstance) {
  // The leaderboard follows review when read (decision 0107): the wizard reads it the same way,
  // so its "older than the last review" warning means a board nobody has computed yet.
  const upToDate = (competitionId: string) => bringLeaderboardUpToDate(app.db, app.dialect, competitionId);

  route(app, finish.competitions, async (request) => listFinishCompetitions(app.db, request.query));

  route(app, finish.get, async (request) => {
    const { competitionId } = request.params;
    // A deleted competition's wizard is only read (decision 0124): its board stays as it was.
    const competition = await requireCompetition(app.db, competitionId, { withDeleted: true });
    if (competition.deleted === 0) await upToDate(competitionId);
    return { finish: (await loadFinish(app.db, competitionId, { withDeleted: true })).finish };
  });

  route(app, finish.saveWinners, async (request) => ({
    finish: await saveWinnersDraft(app.db, request.user!, request.params.competitionId, request.body),
  }));

  route(app, finish.suggest, async (request) => ({
    slots: await suggestSlots(app.db, request.params.competitionId),
  }));

  route(app, finish.candidates, async (request) => ({
    items: await candidatesOf(app.db, request.params.competitionId, request.query),
  }));

  route(app, finish.submit, async (request) => {
    await upToDate(request.params.competitionId);
    return submitWinners(app.db, app.dialect, request.user!, request.params.competitionId, request.body);
  });

  route(app, finish.makeFiles, async (request) => ({
    finish: await makePayoutFiles(app.db, request.user!, request.params.competitionId, request.body),
  }));

  route(app, finish.file, async (request, reply) => {
    const { csv, filename } = await payoutFileDownload(app.db, request.user!, request.params.id);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .header('cache-control', 'no-store')
      .send(csv);
  });

  route(app, finish.complete, async (request) => {
    await upToDate(request.params.competitionId);
    return completeFinish(app.db, request.user!, request.params.competitionId, request.body);
  });
}

/**
 * A finished competition's decided places, for its public page (issue 43): the same for every
 * visitor, so a CDN or the browser may keep it a minute.
 */
export async function publicWinnersRoutes(app: FastifyInstance) {
  route(
    app,
    publicWinnersApi.list,
    async (request, reply) =>
      cacheablePublicAnswer(request, reply, await publicWinners(app.db, request.params.id)),
    { rateLimit: { max: 120, timeWindow: 60_000 } },
  );
}
