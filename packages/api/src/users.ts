import { ROLES } from '@preffy/domain';
import { z } from 'zod';
import { idParams, versionBody } from './common.ts';
import { endpoint } from './endpoint.ts';
import { pageOf, pageQuerySchema } from './paging.ts';

/** What the API shows of a user: never the password hash. */
export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(ROLES),
  disabled: z.boolean(),
  language: z.string().nullable(),
  version: z.number(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type User = z.infer<typeof userSchema>;

export const listUsersQuerySchema = pageQuerySchema.extend({
  sortBy: z.enum(['name', 'email', 'role', 'createdAt']).default('name'),
});
export type ListUsersQuery = z.infer<typeof listUsersQuerySchema>;

const name = z.string().trim().min(1, 'Please enter a name').max(200);

export const users = {
  list: endpoint({
    method: 'GET',
    path: '/api/users',
    access: 'admin',
    tags: ['users'],
    summary: 'List users (paged, searchable, sortable)',
    query: listUsersQuerySchema,
    responses: { 200: pageOf(userSchema) },
  }),
  invite: endpoint({
    method: 'POST',
    path: '/api/users',
    access: 'admin',
    idempotent: true,
    tags: ['users'],
    summary: 'Invite a user by email',
    body: z.object({ email: z.email('Email is not valid!').max(254), name, role: z.enum(ROLES) }),
    responses: { 201: z.object({ user: userSchema }) },
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/api/users/:id',
    access: 'admin',
    tags: ['users'],
    summary: 'Change a user’s name, role or disabled flag',
    params: idParams,
    body: versionBody.extend({
      name: name.optional(),
      role: z.enum(ROLES).optional(),
      disabled: z.boolean().optional(),
    }),
    responses: { 200: z.object({ user: userSchema }) },
  }),
  signInLink: endpoint({
    method: 'POST',
    path: '/api/users/:id/sign-in-link',
    access: 'admin',
    tags: ['users'],
    summary:
      'Mint a single-use, expiring sign-in link (the legacy ?LoginToken= link); optionally email it. Not for administrators.',
    params: idParams,
    body: z.object({ send: z.boolean().default(false) }).default({ send: false }),
    responses: { 200: z.object({ url: z.string(), expiresAt: z.number() }) },
  }),
  revokeSessions: endpoint({
    method: 'POST',
    path: '/api/users/:id/revoke-sessions',
    access: 'admin',
    tags: ['users'],
    summary: 'Sign a user out everywhere: every session of theirs ends',
    params: idParams,
    responses: { 200: z.object({ ok: z.boolean(), ended: z.number() }) },
  }),
};
