import { ACCOUNT_MESSAGES } from '@preffy/api';
import type { Role } from '@preffy/domain';
import type { Database } from '../../db/database.ts';
import type { UserRow } from '../../db/schema.ts';
import { AppError, badRequest, forbidden, isUniqueViolation, notFound } from '../../lib/errors.ts';
import { newId, newRecord } from '../../lib/clock.ts';
import type { SessionUser } from '../../plugins/types.ts';
import { recordAudit } from '../audit/index.ts';
import { invitationUrl, signInLinkUrl, enqueueEmail } from '../email/index.ts';
import {
  mintAuthToken,
  revokeUnusedAuthTokens,
  hashPassword,
  deleteUserSessions,
  deleteFactor,
  findFactor,
  findUserByEmail,
  findUserById,
  hasAnyUser,
  insertUser,
  toPublicUser,
  updateUserRecord,
} from '../auth/index.ts';

export async function createUser(
  db: Database,
  input: { email: string; name: string; role: Role; passwordHash?: string | null },
) {
  const row = {
    ...newRecord(),
    email: input.email.trim().toLowerCase(),
    name: input.name.trim(),
    role: input.role,
    disabled: 0 as const,
    passwordHash: input.passwordHash ?? null,
    language: null,
    calendarFeedHash: null,
    avatarUrl: null,
    timeZone: null,
    layout: null,
  };
  await insertUser(db, row);
  return row;
}

/** An admin's change to a user's account, in the audit log. */
const auditUser = (db: Database, actor: SessionUser, userId: string, action: string, changes: unknown) =>
  recordAudit(db, { actorId: actor.id, entity: 'user', entityId: userId, action, changes });

/** An email with a link into the user's own account (an invitation, a sign-in link). */
const emailAccountLink = (
  db: Database,
  actor: SessionUser,
  user: Pick<UserRow, 'id' | 'email' | 'name' | 'language'>,
  kind: 'invitation' | 'sign-in-link',
  url: string,
) =>
  enqueueEmail(db, {
    kind,
    data: { name: user.name, url },
    to: [{ email: user.email, name: user.name }],
    language: user.language,
    related: { entity: 'user', id: user.id },
    createdBy: actor.id,
  });

const emailTaken = () =>
  new AppError(409, 'EMAIL_TAKEN', 'A user with this email already exists', {
    fieldErrors: { email: ['A user with this email already exists'] },
  });

/** Admins invite by email: the account has no password until the invitee sets one via the link. */
export async function inviteUser(
  db: Database,
  actor: SessionUser,
  publicUrl: string,
  input: { email: string; name: string; role: Role },
) {
  return db.transaction().execute(async (trx) => {
    if (await findUserByEmail(trx, input.email)) throw emailTaken();
    // Two invitations racing past the check above: the unique index decides, still a 409.
    const user = await createUser(trx, input).catch((error: unknown) => {
      throw isUniqueViolation(error) ? emailTaken() : error;
    });
    const { token } = await mintAuthToken(trx, user.id, 'invite', actor.id);
    await emailAccountLink(trx, actor, user, 'invitation', invitationUrl(publicUrl, token));
    await auditUser(trx, actor, user.id, 'invite', input);
    return toPublicUser(user);
  });
}

export async function updateUser(
  db: Database,
  actor: SessionUser,
  id: string,
  input: { version: number; name?: string; role?: Role; disabled?: boolean },
) {
  // Admins cannot lock themselves out: the last door to user management must stay open.
  if (id === actor.id && (input.disabled === true || (input.role && input.role !== 'admin'))) {
    throw badRequest(
      input.disabled ? 'disabled' : 'role',
      'You cannot disable yourself or remove your own admin role',
    );
  }
  return db.transaction().execute(async (trx) => {
    const patch = {
      ...(input.name !== undefined && { name: input.name.trim() }),
      ...(input.role !== undefined && { role: input.role }),
      ...(input.disabled !== undefined && { disabled: input.disabled ? (1 as const) : (0 as const) }),
    };
    const before = await findUserById(trx, id);
    await updateUserRecord(trx, id, input.version, patch);
    if (input.disabled) await deleteUserSessions(trx, id);
    // Links read in the outbox while this user was not an admin must not open an admin account.
    if (input.role === 'admin' && before?.role !== 'admin') await revokeUnusedAuthTokens(trx, id);
    await auditUser(trx, actor, id, 'update', patch);
    const row = await findUserById(trx, id);
    if (!row) throw notFound('User');
    return toPublicUser(row);
  });
}

/** The answer when an admin asks for a sign-in link to an administrator's account. */
export const NO_ADMIN_SIGN_IN_LINKS = 'Sign-in links cannot be made for administrators';

/**
 * A single-use sign-in link, copied by the admin or emailed to the user. Whoever holds it is
 * that user, so it is audited, and never made for an administrator: one admin account must
 * not be enough to become every other admin without their password.
 */
export async function mintSignInLink(
  db: Database,
  actor: SessionUser,
  publicUrl: string,
  userId: string,
  send: boolean,
) {
  const user = await findUserById(db, userId);
  if (!user || user.disabled) throw notFound('User');
  if (user.role === 'admin') throw forbidden(NO_ADMIN_SIGN_IN_LINKS);
  return db.transaction().execute(async (trx) => {
    const { token, expiresAt } = await mintAuthToken(trx, user.id, 'sign-in', actor.id);
    const url = signInLinkUrl(publicUrl, token);
    if (send) await emailAccountLink(trx, actor, user, 'sign-in-link', url);
    await auditUser(trx, actor, user.id, 'mint-sign-in-link', { sent: send, expiresAt });
    return { url, expiresAt };
  });
}

/**
 * An admin turns off a user's two-step verification when the phone and the recovery codes are
 * both lost. Their sessions end too: whoever holds one may be the reason. If administrators
 * require two-step for the role, the next sign-in asks the user to set it up again.
 */
export async function resetTwoStep(db: Database, actor: SessionUser, userId: string) {
  if (!(await findUserById(db, userId))) throw notFound('User');
  return db.transaction().execute(async (trx) => {
    if (!(await findFactor(trx, userId))?.enabledAt)
      throw new AppError(409, 'TWO_STEP_NOT_ENABLED', ACCOUNT_MESSAGES.notEnabled);
    await deleteFactor(trx, userId);
    const ended = await deleteUserSessions(trx, userId);
    await auditUser(trx, actor, userId, 'reset-two-step', { sessions: ended });
    return ended;
  });
}

/** An admin ends every session of a user (a lost laptop, a shared password): how many. */
export async function revokeSessions(db: Database, actor: SessionUser, userId: string) {
  if (!(await findUserById(db, userId))) throw notFound('User');
  return db.transaction().execute(async (trx) => {
    const ended = await deleteUserSessions(trx, userId);
    await auditUser(trx, actor, userId, 'revoke-sessions', { sessions: ended });
    return ended;
  });
}

/**
 * On first start there must be a way in: the first admin comes from ADMIN_EMAIL/ADMIN_PASSWORD,
 * or gets a generated password that is printed once.
 */
export async function ensureFirstAdmin(
  db: Database,
  config: { adminEmail: string; adminPassword: string | undefined },
): Promise<{ email: string; generatedPassword?: string } | null> {
  if (await hasAnyUser(db)) return null;
  const generatedPassword = config.adminPassword ? undefined : newId().replaceAll('-', '').slice(0, 16);
  const password = config.adminPassword ?? generatedPassword!;
  await createUser(db, {
    email: config.adminEmail,
    name: 'Administrator',
    role: 'admin',
    passwordHash: await hashPassword(password),
  });
  return { email: config.adminEmail, generatedPassword };
}
