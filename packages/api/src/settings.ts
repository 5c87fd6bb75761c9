import { z } from 'zod';
import { versionBody } from './common.ts';
import { endpointsOf } from './endpoint.ts';

/** The longest idle time an administrator can allow before the lock screen: a working day. */
export const MAX_LOCK_AFTER_MINUTES = 480;

/**
 * The app's security settings (issue 17), one record for the whole app, set by administrators:
 * whether admins and staff must use two-step verification, and after how many idle minutes
 * the screen locks (0: never).
 */
export const securitySettingsSchema = z.object({
  id: z.literal('security'),
  requireTwoStep: z.boolean(),
  lockAfterMinutes: z.number().int().min(0).max(MAX_LOCK_AFTER_MINUTES),
  version: z.number(),
  updatedAt: z.number(),
});
export type SecuritySettings = z.infer<typeof securitySettingsSchema>;

/** The settings form's and server's words (translated in the web app). */
export const SETTINGS_MESSAGES = {
  wholeMinutes: 'Enter whole minutes',
  notNegative: 'Enter 0 (never) or more minutes',
  tooLong: `Enter at most ${MAX_LOCK_AFTER_MINUTES} minutes`,
  setUpFirst: 'Set up two-step verification for your own account before requiring it for admins and staff.',
} as const;

const { admin } = endpointsOf(['settings']);

export const settings = {
  security: admin.get('/api/settings/security', {
    summary: 'The security settings: two-step verification required, idle minutes before the lock screen',
    responses: { 200: securitySettingsSchema },
  }),
  updateSecurity: admin.put('/api/settings/security', {
    summary: 'Change the security settings (the version read is required; 409 on a newer one)',
    body: versionBody.extend({
      requireTwoStep: z.boolean(),
      lockAfterMinutes: z
        .number()
        .int(SETTINGS_MESSAGES.wholeMinutes)
        .min(0, SETTINGS_MESSAGES.notNegative)
        .max(MAX_LOCK_AFTER_MINUTES, SETTINGS_MESSAGES.tooLong),
    }),
    responses: { 200: securitySettingsSchema },
  }),
};
