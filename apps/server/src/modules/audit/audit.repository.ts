import type { Database } from '../../db/database.ts';
import { newId, now } from '../../lib/clock.ts';

export type AuditEntry = {
  actorId: string | null;
  entity: string;
  entityId: string;
  action: string;
  changes?: unknown;
};

/** Who changed what, when: backs the activity timelines and answers "who did this?". */
export async function recordAudit(db: Database, entry: AuditEntry) {
  await recordAudits(db, [entry]);
}

/** Several entries at one time in one insert (a batch of payments changing status together). */
export async function recordAudits(db: Database, entries: AuditEntry[]) {
  if (entries.length === 0) return;
  const at = now();
  await db
    .insertInto('auditLog')
    .values(
      entries.map((entry) => ({
        id: newId(),
        at,
        actorId: entry.actorId,
        entity: entry.entity,
        entityId: entry.entityId,
        action: entry.action,
        changes: entry.changes === undefined ? null : JSON.stringify(entry.changes),
      })),
    )
    .execute();
}
