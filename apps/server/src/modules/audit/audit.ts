import type { Database } from '../../db/database.ts';
import { newId, now } from '../../lib/clock.ts';

/** Who changed what, when: backs the activity timelines and answers "who did this?". */
export async function recordAudit(
  db: Database,
  entry: { actorId: string | null; entity: string; entityId: string; action: string; changes?: unknown },
) {
  await db
    .insertInto('auditLog')
    .values({
      id: newId(),
      at: now(),
      actorId: entry.actorId,
      entity: entry.entity,
      entityId: entry.entityId,
      action: entry.action,
      changes: entry.changes === undefined ? null : JSON.stringify(entry.changes),
    })
    .execute();
}
