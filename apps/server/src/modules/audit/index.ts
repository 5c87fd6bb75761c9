import { defineArea } from '../../lib/area.ts';

export { recordAudit, recordAudits, type AuditEntry } from './audit.repository.ts';

export const auditArea = defineArea({
  name: 'audit',
  owns: { auditLog: true },
});
