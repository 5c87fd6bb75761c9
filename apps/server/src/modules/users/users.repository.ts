import type { Database } from '../../db/database.ts';
import type { UserRow } from '../../db/schema.ts';
import type { ListUsersQuery, User } from '@preffy/api';
import { matchesSearch, paged, totalCount } from '../../lib/paging.ts';

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
  const page = await paged(
    q,
    ({ limit, offset }) =>
      base.selectAll().orderBy(q.sortBy, q.sortDirection).orderBy('id').limit(limit).offset(offset).execute(),
    () => base.select(totalCount).executeTakeFirstOrThrow(),
  );
  return { items: page.items.map(toPublicUser), total: page.total };
}
