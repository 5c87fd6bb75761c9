import { defineArea } from '../../lib/area.ts';
import { analyticsRoutes } from './analytics.routes.ts';

export { ensurePostDays } from './post-days.repository.ts';

export const analyticsArea = defineArea({
  name: 'analytics',
  routes: [analyticsRoutes],
  owns: { businessDays: true, postDays: true, postDaySums: true, rollupState: true },
});
