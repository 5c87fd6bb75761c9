import { TEXT_LIMITS } from '@preffy/domain';
import { z } from 'zod';
import { endedSessionsSchema, okSchema } from './common.ts';
import { endpointsOf } from './endpoint.ts';
import { oneUserSchema, userSchema } from './users.ts';
import { LANGUAGES, MIN_PASSWORD_LENGTH, accountSchema, oneTimeCodeSchema } from './account.ts';

/**
 * A sign-in whose password (or link) was right, for an account with two-step verification: the
 * second step's ticket is in an httpOnly cookie, and POST /api/auth/two-step finishes it.
 */
const twoStepNeededSchema = z.object({ twoStepRequired: z.literal(true) });
const signedInOrTwoStep = z.union([oneUserSchema, twoStepNeededSchema]);

const { anyone, signedIn } = endpointsOf(['auth']);

export const auth = {
  csrf: anyone.get('/api/auth/csrf', {
    summary: 'CSRF token for the x-csrf-token header',
    responses: { 200: z.object({ token: z.string() }) },
  }),
  login: anyone.post('/api/auth/login', {
    summary: 'Sign in with email and password',
    body: z.object({
      email: z.string().trim().min(1).max(TEXT_LIMITS.email),
      password: z.string().min(1).max(1000),
    }),
    responses: { 200: signedInOrTwoStep },
  }),
  twoStep: anyone.post('/api/auth/two-step', {
    summary: 'Finish a sign-in with the code from the authenticator app, or a recovery code',
    body: z.object({ code: oneTimeCodeSchema }),
    responses: { 200: oneUserSchema },
  }),
  logout: anyone.post('/api/auth/logout', {
    summary: 'Sign out',
    gated: false,
    responses: { 200: okSchema },
  }),
  signOutEverywhere: signedIn.post('/api/auth/sign-out-everywhere', {
    summary: 'Sign out on every device, this one included',
    responses: { 200: endedSessionsSchema },
  }),
  me: signedIn.get('/api/auth/me', {
    gated: false,
    summary:
      'The signed-in user, their own settings, and the business time zone (competition days are counted in it)',
    responses: { 200: z.object({ user: userSchema, account: accountSchema, businessTimeZone: z.string() }) },
  }),
  updateMe: signedIn.patch('/api/auth/me', {
    summary: 'Change the signed-in user’s language',
    body: z.object({ language: z.enum(LANGUAGES) }),
    responses: { 200: oneUserSchema },
  }),
  forgotPassword: anyone.post('/api/auth/forgot-password', {
    summary: 'Email a one-time password reset link',
    body: z.object({ email: z.email('Email is not valid!').max(TEXT_LIMITS.email) }),
    responses: { 200: okSchema.extend({ message: z.string() }) },
  }),
  resetPassword: anyone.post('/api/auth/reset-password', {
    summary: 'Set a new password with a reset or invitation token',
    body: z.object({
      token: z.string().min(10).max(200),
      password: z
        .string()
        .min(MIN_PASSWORD_LENGTH, `Use at least ${MIN_PASSWORD_LENGTH} characters`)
        .max(1000),
    }),
    responses: { 200: signedInOrTwoStep },
  }),
};
