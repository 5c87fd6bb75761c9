import { TEXT_LIMITS } from '@preffy/domain';
import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { userSchema } from './users.ts';

/** The languages of the app and its emails; a user's preference is one of them. */
export const LANGUAGES = ['en', 'es', 'de', 'it', 'ru'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The shortest password the server accepts (a new password, a reset or an invitation). */
export const MIN_PASSWORD_LENGTH = 10;

const userAnswer = z.object({ user: userSchema });

export const auth = {
  csrf: endpoint({
    method: 'GET',
    path: '/api/auth/csrf',
    access: 'public',
    tags: ['auth'],
    summary: 'CSRF token for the x-csrf-token header',
    responses: { 200: z.object({ token: z.string() }) },
  }),
  login: endpoint({
    method: 'POST',
    path: '/api/auth/login',
    access: 'public',
    tags: ['auth'],
    summary: 'Sign in with email and password',
    body: z.object({
      email: z.string().trim().min(1).max(TEXT_LIMITS.email),
      password: z.string().min(1).max(1000),
    }),
    responses: { 200: userAnswer },
  }),
  logout: endpoint({
    method: 'POST',
    path: '/api/auth/logout',
    access: 'public',
    tags: ['auth'],
    summary: 'Sign out',
    responses: { 200: z.object({ ok: z.boolean() }) },
  }),
  signOutEverywhere: endpoint({
    method: 'POST',
    path: '/api/auth/sign-out-everywhere',
    access: 'signed-in',
    tags: ['auth'],
    summary: 'Sign out on every device, this one included',
    responses: { 200: z.object({ ok: z.boolean(), ended: z.number() }) },
  }),
  me: endpoint({
    method: 'GET',
    path: '/api/auth/me',
    access: 'signed-in',
    tags: ['auth'],
    summary: 'The signed-in user and the business time zone (competition days are counted in it)',
    responses: { 200: z.object({ user: userSchema, businessTimeZone: z.string() }) },
  }),
  updateMe: endpoint({
    method: 'PATCH',
    path: '/api/auth/me',
    access: 'signed-in',
    tags: ['auth'],
    summary: 'Change the signed-in user’s language',
    body: z.object({ language: z.enum(LANGUAGES) }),
    responses: { 200: userAnswer },
  }),
  forgotPassword: endpoint({
    method: 'POST',
    path: '/api/auth/forgot-password',
    access: 'public',
    tags: ['auth'],
    summary: 'Email a one-time password reset link',
    body: z.object({ email: z.email('Email is not valid!').max(TEXT_LIMITS.email) }),
    responses: { 200: z.object({ ok: z.boolean(), message: z.string() }) },
  }),
  resetPassword: endpoint({
    method: 'POST',
    path: '/api/auth/reset-password',
    access: 'public',
    tags: ['auth'],
    summary: 'Set a new password with a reset or invitation token',
    body: z.object({
      token: z.string().min(10).max(200),
      password: z
        .string()
        .min(MIN_PASSWORD_LENGTH, `Use at least ${MIN_PASSWORD_LENGTH} characters`)
        .max(1000),
    }),
    responses: { 200: userAnswer },
  }),
};
