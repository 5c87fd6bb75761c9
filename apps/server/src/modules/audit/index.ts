import { defineArea } from '../../lib/area.ts';

export { recordAudit } from './audit.ts';

export const auditArea = defineArea({
  name: 'audit',
  owns: { auditLog: true },
});
