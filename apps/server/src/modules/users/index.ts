import { defineArea } from '../../lib/area.ts';
import { usersRoutes } from './users.routes.ts';

export { ensureFirstAdmin } from './users.service.ts';

export const usersArea = defineArea({
  name: 'users',
  routes: [usersRoutes],
});
