import { startCompetitionSchema } from '@preffy/domain';
import { competitions, versionBody } from '@preffy/api';
import type { FastifyInstance } from 'fastify';
import { now } from '../../lib/clock.ts';
import { parseOrThrow } from '../../lib/errors.ts';
import { route } from '../../lib/contract-route.ts';
import { toCompetition } from './competition.dto.ts';
import { countByTab, listCompetitions, waitingHolds } from './competitions.repository.ts';
import {
  competitionDefaults,
  competitionPayouts,
  confirmHold,
  deleteCompetition,
  findReadableCompetition,
  restoreCompetition,
  setCompetitionState,
  startCompetition,
  startFromHold,
  updateCompetition,
} from './competitions.service.ts';

export async function competitionsRoutes(app: FastifyInstance) {
  const timeZone = app.config.businessTimeZone;

  route(app, competitions.tabCounts, async (request) =>
    countByTab(app.db, request.user!, request.query.search),
  );
  route(app, competitions.list, async (request) => listCompetitions(app.db, request.user!, request.query));

  route(app, competitions.defaults, async (request) => competitionDefaults(request.user!, timeZone));

  route(app, competitions.get, async (request) => ({
    competition: toCompetition(await findReadableCompetition(app.db, request.user!, request.params.id)),
  }));

  route(app, competitions.payouts, async (request) => ({
    payouts: await competitionPayouts(app.db, request.user!, request.params.id),
  }));

  route(app, competitions.start, async (request, reply) => {
    // The end-date rule depends on today in the business time zone: checked again here.
    const input = parseOrThrow(startCompetitionSchema({ now: now(), timeZone }), request.body);
    const competition = await startCompetition(app.db, request.user!, input);
    return reply.code(201).send({ competition });
  });

  route(app, competitions.holds, async (request) => ({
    items: await waitingHolds(app.db, request.user!, request.query),
  }));

  route(app, competitions.startFromHold, async (request) => {
    const input = parseOrThrow(
      startCompetitionSchema({ now: now(), timeZone }).and(versionBody),
      request.body,
    );
    return { competition: await startFromHold(app.db, request.user!, request.params.id, input) };
  });

  route(app, competitions.update, async (request) => ({
    competition: await updateCompetition(app.db, request.user!, request.params.id, request.body),
  }));

  route(app, competitions.setState, async (request) => ({
    competition: await setCompetitionState(app.db, request.user!, request.params.id, request.body),
  }));

  route(app, competitions.confirm, async (request) => ({
    competition: await confirmHold(app.db, request.user!, request.params.id, request.body.version),
  }));

  route(app, competitions.remove, async (request) => {
    await deleteCompetition(app.db, app.dialect, request.user!, request.params.id, request.query);
    return { ok: true };
  });

  route(app, competitions.restore, async (request) => ({
    competition: await restoreCompetition(app.db, request.user!, request.params.id, request.body.version),
  }));
}
