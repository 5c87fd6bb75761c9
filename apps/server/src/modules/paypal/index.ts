import { defineArea } from '../../lib/area.ts';
import {
  FOLLOW_EVERY_MS,
  FOLLOW_PAYPAL_PAYOUTS,
  followPaypalPayouts,
  paypalPayoutHandler,
} from './paypal-payout-job.ts';
import { paypalRoutes } from './paypal.routes.ts';

export const paypalArea = defineArea({
  name: 'paypal',
  routes: [paypalRoutes],
  owns: { paypalPayouts: true },
  jobs: ({ config }) => [paypalPayoutHandler(config.paypal)],
  // Without PayPal settings nothing is sent, so there is nothing to follow.
  schedules: ({ db, config }) =>
    config.paypal
      ? [{ name: FOLLOW_PAYPAL_PAYOUTS, everyMs: FOLLOW_EVERY_MS, run: () => followPaypalPayouts(db) }]
      : [],
});
