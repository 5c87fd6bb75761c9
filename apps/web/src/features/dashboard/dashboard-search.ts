import { DASHBOARD_CHARTS } from '@preffy/api';
import { z } from 'zod';
import { tableSearchSchema } from '../../components/table/table-search.ts';

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .optional()
  .catch(undefined);

/**
 * The dashboard's address: the chart shown, its days (absent: the last 90 days until today) and the
 * competitions table's page. Junk is dropped, so a mangled link still opens the dashboard; a
 * range the server refuses shows its message above the chart.
 */
export const dashboardSearchSchema = tableSearchSchema.extend({
  chart: z.enum(DASHBOARD_CHARTS).optional().catch(undefined),
  from: day,
  to: day,
});
export type DashboardSearch = z.infer<typeof dashboardSearchSchema>;
