import type { Database } from '../../db/database.ts';
import type { NewUser, UserRow } from '../../db/schema.ts';
import type { ListUsersQuery, User } from '@preffy/api';
import { matchesSearch, paged } from '../../lib/paging.ts';
import { sortExpression } from '../../lib/natural-order.ts';
import { overwriteVersioned, updateVersioned } from '../../lib/versioned.ts';

/** What the API shows of a user (@preffy/api's userSchema): never the password hash. */
export const toPublicUser = (row: UserRow): User => ({
  id: row.id,
  email: row.email,
  name: row.name,
  role: row.role,
  disabled: row.disabled === 1,
  language: row.language,
  version: row.version,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
});

export const findUserByEmail = (db: Database, email: string) =>
  db
    .selectFrom('users')
    .selectAll()
    .where('email', '=', email.trim().toLowerCase())
    .where('deleted', '=', 0)
    .executeTakeFirst();

export const findUserById = (db: Database, id: string) =>
  db.selectFrom('users').selectAll().where('id', '=', id).where('deleted', '=', 0).executeTakeFirst();

export async function listUsers(db: Database, q: ListUsersQuery) {
  let base = db.selectFrom('users').where('deleted', '=', 0);
  if (q.search) base = base.where((eb) => matchesSearch(eb, ['name', 'email'], q.search!));
  return paged(
    q,
    base,
    (users) =>
      users
        .leftJoin('twoStepFactors', 'twoStepFactors.userId', 'users.id')
        .selectAll('users')
        .select('twoStepFactors.enabledAt as twoStepEnabledAt')
        .orderBy(sortExpression(`users.${q.sortBy}`, ['users.name', 'users.email']), q.sortDirection)
        .orderBy('users.id'),
    (row) => ({
      ...toPublicUser(row),
      twoStepEnabled: row.twoStepEnabledAt !== null,
      invited: row.passwordHash === null,
    }),
  );
}

export async function insertUser(db: Database, row: NewUser) {
  await db.insertInto('users').values(row).execute();
}

/** Whether there is any account at all (the first start makes the first admin). */
export async function hasAnyUser(db: Database) {
  return !!(await db.selectFrom('users').select('id').limit(1).executeTakeFirst());
}

/** Stores the hash of a user's calendar feed token (null: the feed is off). */
export async function setCalendarFeedHash(db: Database, userId: string, hash: string | null) {
  await db.updateTable('users').set({ calendarFeedHash: hash }).where('id', '=', userId).execute();
}

export async function calendarFeedHashOf(db: Database, userId: string) {
  const row = await db
    .selectFrom('users')
    .select('calendarFeedHash')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.calendarFeedHash ?? null;
}

/** The active user whose calendar feed token has this hash. */
export const findFeedOwner = (db: Database, hash: string) =>
  db
    .selectFrom('users')
    .select(['id', 'email', 'role'])
    .where('calendarFeedHash', '=', hash)
    .where('disabled', '=', 0)
    .where('deleted', '=', 0)
    .executeTakeFirst();

type UserPatch = Partial<Omit<NewUser, 'id' | 'version' | 'createdAt' | 'updatedAt' | 'deleted'>>;

/** A user's record edit (the profile, an admin's change): 409 when another edit came first. */
export const updateUserRecord = (db: Database, id: string, version: number, patch: UserPatch) =>
  updateVersioned(db, 'users', id, version, patch);

/** The user's own preferences and password, where the last write wins (lib/versioned.ts). */
export const overwriteUser = (db: Database, id: string, patch: UserPatch) =>
  overwriteVersioned(db, 'users', id, patch);
