import { type Account, DEFAULT_LAYOUT } from '@preffy/api';

/** The account settings a test session carries: defaults, timestamps in UTC. */
export const testAccount: Account = {
  avatarUrl: null,
  timeZone: 'UTC',
  layout: DEFAULT_LAYOUT,
};
