import { z } from 'zod';
import { endedSessionsSchema, okSchema, versionBody } from './common.ts';
import { endpointsOf } from './endpoint.ts';
import { userSchema } from './users.ts';

/** The languages of the app and its emails; a user's preference is one of them. */
export const LANGUAGES = ['en', 'es', 'de', 'it', 'ru'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The shortest password the server accepts (a new password, a reset or an invitation). */
export const MIN_PASSWORD_LENGTH = 10;

/** Whether the runtime knows an IANA time zone (Intl throws a RangeError for an unknown one). */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** The layout settings drawer (doc 2 §4 "Layout settings"), stored per user. */
export const layoutSettingsSchema = z.object({
  /** Horizontal forces the dark top bar. */
  layout: z.enum(['vertical', 'horizontal']),
  width: z.enum(['fluid', 'boxed', 'scrollable']),
  sidebar: z.enum(['default', 'compact', 'icon', 'condensed']),
  colorScheme: z.enum(['light', 'dark']),
});
export type LayoutSettings = z.infer<typeof layoutSettingsSchema>;
export const DEFAULT_LAYOUT: LayoutSettings = {
  layout: 'vertical',
  width: 'fluid',
  sidebar: 'default',
  colorScheme: 'light',
};

/** The server's words for sign-in codes, two-step and the lock screen (translated in the web app). */
export const ACCOUNT_MESSAGES = {
  wrongPassword: 'Your password is not right',
  enterPassword: 'Enter your password',
  enterCode: 'Enter the 6-digit code from your app, or a recovery code',
  wrongCode: 'This code is not right. Enter the newest code from your app.',
  wrongSignInCode: 'This code is not right. Enter the newest code from your app, or a recovery code.',
  requiredForRole: 'Two-step verification is required for your role, so it cannot be turned off.',
  notEnabled: 'Two-step verification is not turned on.',
  startAgain: 'Start the setup again: scan the new QR code.',
  expired: 'Your sign-in has expired. Please sign in again.',
  lockedOut: 'Too many wrong passwords. Please sign in again.',
  locked: 'Your screen is locked. Enter your password to continue.',
  setupRequired: 'Set up two-step verification to continue.',
} as const;

/** A one-time code: six digits from an authenticator app, or a recovery code ('abcd-efgh'). */
export const oneTimeCodeSchema = z
  .string()
  .trim()
  .min(6, ACCOUNT_MESSAGES.enterCode)
  .max(20, ACCOUNT_MESSAGES.enterCode);

/** How many recovery codes each enrolment hands out; each works once. */
export const RECOVERY_CODE_COUNT = 10;

/** The signed-in user's two-step verification (TOTP), never its secret. */
export const twoStepStatusSchema = z.object({
  enabled: z.boolean(),
  /** Administrators require it for the user's role: it cannot be turned off. */
  required: z.boolean(),
  /** Required but not set up yet: until it is, only enrolment (and signing out) is open. */
  setupRequired: z.boolean(),
  recoveryCodesLeft: z.number(),
});

/** The signed-in user's own settings, answered with the session (never a secret or hash). */
export const accountSchema = z.object({
  avatarUrl: z.string().nullable(),
  /** null: the browser's time zone. */
  timeZone: z.string().nullable(),
  layout: layoutSettingsSchema,
  twoStep: twoStepStatusSchema,
  /** The lock screen is showing: only the password (or signing out) opens the app again. */
  locked: z.boolean(),
  /** Idle minutes before the screen locks (0: never), set by administrators. */
  lockAfterMinutes: z.number(),
});
export type Account = z.infer<typeof accountSchema>;

const oneAccountSchema = z.object({ user: userSchema, account: accountSchema });

const { signedIn } = endpointsOf(['account']);
const passwordBody = z.object({ password: z.string().min(1, ACCOUNT_MESSAGES.enterPassword).max(1000) });
const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });

export const account = {
  updateProfile: signedIn.patch('/api/account/profile', {
    summary: 'Change the signed-in user’s name, avatar, language or time zone',
    body: versionBody.extend({
      name: z.string().trim().min(1, 'Please enter a name').max(200).optional(),
      /** An image URL answered by POST /api/images; null removes the avatar. */
      avatarUrl: z.string().max(500).nullable().optional(),
      language: z.enum(LANGUAGES).optional(),
      timeZone: z.string().max(64).refine(isTimeZone, 'Time zone is not valid').nullable().optional(),
    }),
    responses: { 200: oneAccountSchema },
  }),
  saveLayout: signedIn.put('/api/account/layout', {
    summary: 'Store the signed-in user’s layout settings (the right bar); a preference, last write wins',
    body: layoutSettingsSchema,
    responses: { 200: z.object({ layout: layoutSettingsSchema }) },
  }),
  changePassword: signedIn.post('/api/account/password', {
    summary: 'Change the password (the current one is required); every other session ends',
    body: z.object({
      currentPassword: z.string().min(1, 'Enter your current password').max(1000),
      newPassword: z
        .string()
        .min(MIN_PASSWORD_LENGTH, `Use at least ${MIN_PASSWORD_LENGTH} characters`)
        .max(1000),
    }),
    responses: { 200: endedSessionsSchema },
  }),
  lock: signedIn.post('/api/account/lock', {
    summary: 'Lock the screen now (the password unlocks it)',
    responses: { 200: okSchema },
  }),
  unlock: signedIn.post('/api/account/unlock', {
    summary: 'Unlock the session with the password; too many wrong ones end it',
    gated: false,
    body: passwordBody,
    responses: { 200: okSchema },
  }),
  startTwoStep: signedIn.post('/api/account/two-step/setup', {
    summary: 'Begin setting up two-step verification: a new secret for an authenticator app',
    gated: false,
    body: passwordBody,
    responses: { 200: z.object({ secret: z.string(), otpauthUri: z.string() }) },
  }),
  enableTwoStep: signedIn.post('/api/account/two-step/enable', {
    summary: 'Turn two-step verification on with a code from the app; answers the recovery codes once',
    gated: false,
    body: z.object({ code: oneTimeCodeSchema }),
    responses: { 200: recoveryCodesSchema },
  }),
  disableTwoStep: signedIn.post('/api/account/two-step/disable', {
    summary: 'Turn two-step verification off (not when it is required for the role)',
    body: passwordBody,
    responses: { 200: okSchema },
  }),
  newRecoveryCodes: signedIn.post('/api/account/two-step/recovery-codes', {
    summary: 'Replace the recovery codes (the old ones stop working); answers the new ones once',
    body: passwordBody,
    responses: { 200: recoveryCodesSchema },
  }),
};
