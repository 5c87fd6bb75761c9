import { defineArea } from '../../lib/area.ts';
import { jobsRoutes } from './jobs.routes.ts';

export const jobsArea = defineArea({
  name: 'jobs',
  routes: [jobsRoutes],
});
