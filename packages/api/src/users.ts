import { ROLES } from '@preffy/domain';
import { z } from 'zod';
import { endedSessionsSchema, idParams, versionBody } from './common.ts';
import { endpointsOf } from './endpoint.ts';
import { pageQuerySchema, pagedList } from './paging.ts';

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

/**
 * A row of the users list: the user, whether they have two-step verification on, and whether
 * they are still invited (no password of their own set yet).
 */
export const userRowSchema = userSchema.extend({ twoStepEnabled: z.boolean(), invited: z.boolean() });
export type UserRow = z.infer<typeof userRowSchema>;

export const listUsersQuerySchema = pageQuerySchema.extend({
  sortBy: z.enum(['name', 'email', 'role', 'createdAt']).default('name'),
});
export type ListUsersQuery = z.infer<typeof listUsersQuerySchema>;

const name = z.string().trim().min(1, 'Please enter a name').max(200);

const { admin } = endpointsOf(['users']);

/** The answer that carries one user. */
export const oneUserSchema = z.object({ user: userSchema });

export const users = {
  list: admin.get('/api/users', {
    summary: 'List users (paged, searchable, sortable)',
    ...pagedList(listUsersQuerySchema, userRowSchema),
  }),
  invite: admin.post('/api/users', {
    idempotent: true,
    summary: 'Invite a user by email',
    body: z.object({ email: z.email('Email is not valid!').max(254), name, role: z.enum(ROLES) }),
    responses: { 201: oneUserSchema },
  }),
  update: admin.patch('/api/users/:id', {
    summary: 'Change a user’s name, role or disabled flag',
    params: idParams,
    body: versionBody.extend({
      name: name.optional(),
      role: z.enum(ROLES).optional(),
      disabled: z.boolean().optional(),
    }),
    responses: { 200: oneUserSchema },
  }),
  signInLink: admin.post('/api/users/:id/sign-in-link', {
    summary:
      'Mint a single-use, expiring sign-in link (the legacy ?LoginToken= link); optionally email it. Not for administrators.',
    params: idParams,
    body: z.object({ send: z.boolean().default(false) }).default({ send: false }),
    responses: { 200: z.object({ url: z.string(), expiresAt: z.number() }) },
  }),
  resetTwoStep: admin.post('/api/users/:id/two-step/reset', {
    summary:
      'Turn off a user’s two-step verification (a lost phone and lost recovery codes); their sessions end',
    params: idParams,
    responses: { 200: endedSessionsSchema },
  }),
  revokeSessions: admin.post('/api/users/:id/revoke-sessions', {
    summary: 'Sign a user out everywhere: every session of theirs ends',
    params: idParams,
    responses: { 200: endedSessionsSchema },
  }),
};
