import { type Account, DEFAULT_LAYOUT } from '@preffy/api';

/** The account settings a test session carries: defaults, timestamps in UTC, never idle-locked. */
export const testAccount: Account = {
  avatarUrl: null,
  timeZone: 'UTC',
  layout: DEFAULT_LAYOUT,
  twoStep: { enabled: false, required: false, setupRequired: false, recoveryCodesLeft: 0 },
  locked: false,
  lockAfterMinutes: 0,
};
