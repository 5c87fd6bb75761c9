import { defineArea } from '../../lib/area.ts';
import { accountRoutes } from './account.routes.ts';

export const accountArea = defineArea({
  name: 'account',
  routes: [accountRoutes],
});
