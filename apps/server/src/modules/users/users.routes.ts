import { users } from '@preffy/api';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/contract-route.ts';
import { listUsers } from '../auth/index.ts';
import { inviteUser, mintSignInLink, resetTwoStep, revokeSessions, updateUser } from './users.service.ts';

export async function usersRoutes(app: FastifyInstance) {
  route(app, users.list, async (request) => listUsers(app.db, request.query));

  route(app, users.invite, async (request, reply) => {
    const user = await inviteUser(app.db, request.user!, app.config.publicUrl, request.body);
    return reply.code(201).send({ user });
  });

  route(app, users.update, async (request) => ({
    user: await updateUser(app.db, request.user!, request.params.id, request.body),
  }));

  route(app, users.signInLink, async (request) =>
    mintSignInLink(app.db, request.user!, app.config.publicUrl, request.params.id, request.body.send),
  );

  route(app, users.resetTwoStep, async (request) => ({
    ok: true,
    ended: await resetTwoStep(app.db, request.user!, request.params.id),
  }));

  route(app, users.revokeSessions, async (request) => ({
    ok: true,
    ended: await revokeSessions(app.db, request.user!, request.params.id),
  }));
}
