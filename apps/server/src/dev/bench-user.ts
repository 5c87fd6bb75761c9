import { newRecord } from '../lib/clock.ts';
import type { Database } from '../db/database.ts';
import { hashPassword } from '../modules/auth/index.ts';

/** The benchmark's own admin (seed:large makes it; bench signs in with it). */
export const BENCH_USER = {
  email: 'bench@preffy.test',
  password: process.env.BENCH_PASSWORD ?? 'bench-password-123',
};

/** Makes the bench admin, or gives it the current password when it exists. */
export async function prepareBenchUser(db: Database) {
  const passwordHash = await hashPassword(BENCH_USER.password);
  const existing = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', BENCH_USER.email)
    .executeTakeFirst();
  if (existing) {
    await db
      .updateTable('users')
      .set({ passwordHash, disabled: 0, deleted: 0 })
      .where('id', '=', existing.id)
      .execute();
    return existing.id;
  }
  const row = {
    ...newRecord(),
    email: BENCH_USER.email,
    name: 'Bench Admin',
    role: 'admin' as const,
    disabled: 0 as const,
    passwordHash,
    language: null,
  };
  await db.insertInto('users').values(row).execute();
  return row.id;
}
