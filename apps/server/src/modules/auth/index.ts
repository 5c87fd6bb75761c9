import { defineArea } from '../../lib/area.ts';
import { userSchema } from '@preffy/api';
import { authRoutes } from './auth.routes.ts';
import { DELETE_EXPIRED_SESSIONS, deleteExpiredSessions } from './sessions.repository.ts';
import { toPublicUser } from './users.repository.ts';

export { consumeAuthToken, mintAuthToken, revokeUnusedAuthTokens } from './auth-tokens.repository.ts';
export { SIGN_IN_ACCOUNT_LIMIT, TOO_MANY_SIGN_INS, checkLimit } from './auth.routes.ts';
export { ownAccount, ownRow } from './own-account.ts';
export { hashPassword, verifyPassword } from './passwords.ts';
export { hashToken, newSecretToken } from './secret-tokens.ts';
export {
  DELETE_EXPIRED_SESSIONS,
  findSessionUser,
  createSession,
  deleteExpiredSessions,
  deleteSession,
  deleteUserSessions,
  setSessionLocked,
} from './sessions.repository.ts';
export { needsTwoStep, startTwoStepSignIn } from './two-step-sign-in.ts';
export { acceptedStep, newRecoveryCodes, newTotpSecret } from './two-step.ts';
export { deleteFactor, findFactor, saveFactor, type TwoStepFactor } from './two-step.repository.ts';
export {
  calendarFeedHashOf,
  findFeedOwner,
  findUserByEmail,
  findUserById,
  hasAnyUser,
  insertUser,
  listUsers,
  overwriteUser,
  setCalendarFeedHash,
  toPublicUser,
  updateUserRecord,
} from './users.repository.ts';

export const authArea = defineArea({
  name: 'auth',
  routes: [authRoutes],
  owns: {
    users: { schema: userSchema, toPublic: toPublicUser },
    sessions: true,
    authTokens: true,
    twoStepFactors: true,
  },
  schedules: ({ db }) => [
    { name: DELETE_EXPIRED_SESSIONS, everyMs: 3600_000, run: () => deleteExpiredSessions(db) },
  ],
});
