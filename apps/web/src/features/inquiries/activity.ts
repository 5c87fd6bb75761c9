/** One timeline entry as the contract gives it. */
export type ActivityEntry = { action: string; changes: Record<string, unknown> | null };

/** One thing an entry says, as a translation key of the `activity` group and its values. */
export type ActivityText = {
  key: 'created' | 'status' | 'assigned' | 'unassigned' | 'note' | 'updated' | 'hold' | 'deleted' | 'other';
  from?: string;
  to?: string;
  fields?: string[];
};

const isChange = (v: unknown): v is { from?: unknown; to?: unknown } =>
  typeof v === 'object' && v !== null && ('from' in v || 'to' in v);
const text = (v: unknown) => (typeof v === 'string' ? v : v === null || v === undefined ? '' : String(v));
/** The fields that name the assignee; the name reads better than the address. */
const ASSIGNEE_FIELDS = ['assignedToName', 'assignedToEmail', 'assignedTo'];

/**
 * What one audit entry of an inquiry says: created, status changed from → to, reassigned to,
 * note added, edited (the other fields), hold linked, deleted. One edit may say several things
 * (a new status and a new assignee at once).
 */
export function describeActivity(entry: ActivityEntry): ActivityText[] {
  const changes = entry.changes ?? {};
  switch (entry.action) {
    case 'created':
    case 'note':
    case 'hold':
    case 'deleted':
      return [{ key: entry.action }];
    case 'status':
    case 'assigned':
    case 'updated': {
      const said: ActivityText[] = [];
      if (isChange(changes.status))
        said.push({ key: 'status', from: text(changes.status.from), to: text(changes.status.to) });
      const assigneeField = ASSIGNEE_FIELDS.find((f) => f in changes);
      const assignee = assigneeField === undefined ? undefined : changes[assigneeField];
      if (isChange(assignee)) {
        const to = text(assignee.to);
        said.push(to ? { key: 'assigned', to } : { key: 'unassigned' });
      } else if (typeof assignee === 'string') said.push({ key: 'assigned', to: assignee });
      const others = Object.keys(changes).filter((f) => f !== 'status' && !ASSIGNEE_FIELDS.includes(f));
      if (others.length > 0 || said.length === 0) said.push({ key: 'updated', fields: others });
      return said;
    }
    default:
      return [{ key: 'other' }];
  }
}
