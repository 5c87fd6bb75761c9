import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ROLES } from '@preffy/domain';
import { pageOf } from '../../lib/paging.ts';
import { listUsers, listUsersQuerySchema, userSchema } from './users.repository.ts';
import { inviteUser, mintSignInLink, revokeSessions, updateUser } from './users.service.ts';

const idParams = z.object({ id: z.string().min(1) });

export async function usersRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = { access: 'admin' as const };

  r.get(
    '/api/users',
    {
      config: admin,
      schema: {
        tags: ['users'],
        summary: 'List users (paged, searchable, sortable)',
        querystring: listUsersQuerySchema,
        response: { 200: pageOf(userSchema) },
      },
    },
    async (request) => listUsers(app.db, request.query),
  );

  r.post(
    '/api/users',
    {
      config: { ...admin, idempotent: true },
      schema: {
        tags: ['users'],
        summary: 'Invite a user by email',
        body: z.object({
          email: z.email('Email is not valid!').max(254),
          name: z.string().trim().min(1, 'Please enter a name').max(200),
          role: z.enum(ROLES),
        }),
        response: { 201: z.object({ user: userSchema }) },
      },
    },
    async (request, reply) => {
      const user = await inviteUser(app.db, request.user!, app.config.publicUrl, request.body);
      return reply.code(201).send({ user });
    },
  );

  r.patch(
    '/api/users/:id',
    {
      config: admin,
      schema: {
        tags: ['users'],
        summary: 'Change a user’s name, role or disabled flag',
        params: idParams,
        body: z.object({
          version: z.number().int().min(1),
          name: z.string().trim().min(1, 'Please enter a name').max(200).optional(),
          role: z.enum(ROLES).optional(),
          disabled: z.boolean().optional(),
        }),
        response: { 200: z.object({ user: userSchema }) },
      },
    },
    async (request) => ({ user: await updateUser(app.db, request.user!, request.params.id, request.body) }),
  );

  r.post(
    '/api/users/:id/sign-in-link',
    {
      config: admin,
      schema: {
        tags: ['users'],
        summary:
          'Mint a single-use, expiring sign-in link (the legacy ?LoginToken= link); optionally email it. Not for administrators.',
        params: idParams,
        body: z.object({ send: z.boolean().default(false) }).default({ send: false }),
        response: { 200: z.object({ url: z.string(), expiresAt: z.number() }) },
      },
    },
    async (request) =>
      mintSignInLink(app.db, request.user!, app.config.publicUrl, request.params.id, request.body.send),
  );

  r.post(
    '/api/users/:id/revoke-sessions',
    {
      config: admin,
      schema: {
        tags: ['users'],
        summary: 'Sign a user out everywhere: every session of theirs ends',
        params: idParams,
        response: { 200: z.object({ ok: z.boolean(), ended: z.number() }) },
      },
    },
    async (request) => ({
      ok: true,
      ended: await revokeSessions(app.db, request.user!, request.params.id),
    }),
  );
}
