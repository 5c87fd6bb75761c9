import { defineArea } from '../../lib/area.ts';
import { referralsRoutes } from './referrals.routes.ts';

export const referralsArea = defineArea({
  name: 'referrals',
  routes: [referralsRoutes],
});
