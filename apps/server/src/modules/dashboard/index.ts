import { defineArea } from '../../lib/area.ts';
import { dashboardRoutes } from './dashboard.routes.ts';

export const dashboardArea = defineArea({
  name: 'dashboard',
  routes: [dashboardRoutes],
});
