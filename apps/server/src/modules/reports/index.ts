import { defineArea } from '../../lib/area.ts';
import { reportShareSchema } from '@preffy/api';
import { toReportShare } from './report-shares.repository.ts';
import { reportsRoutes } from './reports.routes.ts';

export const reportsArea = defineArea({
  name: 'reports',
  routes: [reportsRoutes],
  owns: {
    // A shared report link's conflict row carries its maker's name (report-shares.repository findShare).
    reportShares: { schema: reportShareSchema, toPublic: toReportShare },
  },
});
