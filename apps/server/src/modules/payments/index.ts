import { defineArea } from '../../lib/area.ts';
import { paymentSchema } from '@preffy/api';
import { toPayment } from './payments.repository.ts';
import { paymentsRoutes } from './payments.routes.ts';

export {
  paymentTotals,
  prizeMoney,
  toPayment,
  type PaymentRow,
  type PrizeMoneyScope,
} from './payments.repository.ts';
export {
  claimForPayoutFile,
  hasLivePayments,
  insertPayments,
  markPaid,
  paymentsByIds,
  paymentsToPay,
  setPayoutFile,
} from './payout-payments.repository.ts';
export {
  applyTransition,
  assignPayments,
  releasePayments,
  type Transition,
} from './paypal-payments.repository.ts';

export { writeImportedPayment } from './payments.repository.ts';
export const paymentsArea = defineArea({
  name: 'payments',
  routes: [paymentsRoutes],
  owns: {
    // A payment's conflict row carries its competition's name (payments.repository findPayment).
    payments: { schema: paymentSchema, toPublic: toPayment },
    // Kept by triggers (migration 0016), read by the totals.
    paymentTallies: true,
  },
});
