import type { Database } from '../../db/database.ts';
import { now } from '../../lib/clock.ts';

export type TwoStepFactor = {
  secret: string | null;
  pendingSecret: string | null;
  enabledAt: number | null;
  lastStep: number | null;
  recoveryCodes: string[];
};

export async function findFactor(db: Database, userId: string): Promise<TwoStepFactor | null> {
  const row = await db
    .selectFrom('twoStepFactors')
    .selectAll()
    .where('userId', '=', userId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    secret: row.secret,
    pendingSecret: row.pendingSecret,
    enabledAt: row.enabledAt,
    lastStep: row.lastStep,
    recoveryCodes: JSON.parse(row.recoveryCodes) as string[],
  };
}

/** Writes the parts of a user's factor given (creating the row the first time). */
export async function saveFactor(db: Database, userId: string, patch: Partial<TwoStepFactor>) {
  const { recoveryCodes, ...rest } = patch;
  const values = {
    ...rest,
    ...(recoveryCodes && { recoveryCodes: JSON.stringify(recoveryCodes) }),
    updatedAt: now(),
  };
  const updated = await db
    .updateTable('twoStepFactors')
    .set(values)
    .where('userId', '=', userId)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0)
    await db
      .insertInto('twoStepFactors')
      .values({ userId, recoveryCodes: '[]', ...values })
      .execute();
}

export async function deleteFactor(db: Database, userId: string) {
  await db.deleteFrom('twoStepFactors').where('userId', '=', userId).execute();
}

/**
 * Remembers `step` as the last TOTP step used, only while the stored one is still `readStep`
 * (what the caller checked the code against): whether this write won.
 */
export async function recordUsedStep(
  db: Database,
  userId: string,
  step: number,
  readStep: number | null,
): Promise<boolean> {
  const result = await db
    .updateTable('twoStepFactors')
    .set({ lastStep: step, updatedAt: now() })
    .where('userId', '=', userId)
    .where((eb) => (readStep === null ? eb('lastStep', 'is', null) : eb('lastStep', '=', readStep)))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Stores the recovery codes `left`, only while the stored ones are still `readCodes` (what the
 * caller checked the code against): whether this write won.
 */
export async function replaceRecoveryCodes(
  db: Database,
  userId: string,
  left: string[],
  readCodes: string[],
): Promise<boolean> {
  const result = await db
    .updateTable('twoStepFactors')
    .set({ recoveryCodes: JSON.stringify(left), updatedAt: now() })
    .where('userId', '=', userId)
    .where('recoveryCodes', '=', JSON.stringify(readCodes))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
