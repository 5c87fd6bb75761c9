import { z } from 'zod';
import { endedSessionsSchema, versionBody } from './common.ts';
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

/** The signed-in user's own settings, answered with the session (never a secret or hash). */
export const accountSchema = z.object({
  avatarUrl: z.string().nullable(),
  /** null: the browser's time zone. */
  timeZone: z.string().nullable(),
  layout: layoutSettingsSchema,
});
export type Account = z.infer<typeof accountSchema>;

const oneAccountSchema = z.object({ user: userSchema, account: accountSchema });

const { signedIn } = endpointsOf(['account']);

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
};
