import { defineArea } from '../../lib/area.ts';
import { legacyImportRoutes } from './legacy-import.routes.ts';

export { runImportCommand } from './import-command.ts';

/**
 * Taking over from the legacy (issue 41, decisions 0127–0129): its exports read, mapped and
 * written through the owning areas' repositories; the runs, their problems and the legacy ids.
 */
export const legacyImportArea = defineArea({
  name: 'legacy-import',
  routes: [legacyImportRoutes],
  owns: {
    importRuns: true,
    importProblems: true,
    legacyRecords: true,
  },
});
