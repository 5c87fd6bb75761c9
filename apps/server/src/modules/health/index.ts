import { defineArea } from '../../lib/area.ts';
import { healthRoutes } from './health.routes.ts';

export const healthArea = defineArea({
  name: 'health',
  routes: [healthRoutes],
});
