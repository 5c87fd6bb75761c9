import { winners } from '@preffy/api';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/contract-route.ts';
import { listWinners, payeesOf } from './winners.repository.ts';
import { createWinner, deleteWinner, updateWinnerFlags } from './winners.service.ts';

/** The winners directory (/preffy/winners): staff and admins list, add, flag and delete winners. */
export async function winnersRoutes(app: FastifyInstance) {
  route(app, winners.list, async (request) => listWinners(app.db, request.query));

  route(app, winners.paymentEmail, async (request) => {
    const payee = (await payeesOf(app.db, [request.query.email])).get(request.query.email);
    return payee ?? { paymentEmail: request.query.email, isBanned: false };
  });

  route(app, winners.create, async (request, reply) => {
    const winner = await createWinner(app.db, app.dialect, request.user!, request.body);
    return reply.code(201).send({ winner });
  });

  route(app, winners.update, async (request) => ({
    winner: await updateWinnerFlags(app.db, request.user!, request.params.id, request.body),
  }));

  route(app, winners.remove, async (request) => {
    await deleteWinner(app.db, request.user!, request.params.id, request.query.version);
    return { ok: true };
  });
}
