import { PAYPAL_ITEM_STATUSES } from '@preffy/api';
import { useTranslation } from 'react-i18next';
import { PAYPAL_BATCH_FINAL } from './api/finish.ts';

/**
 * PayPal's batch statuses the screen names, and ours: SENDING (the first attempt is under way),
 * REFUSED (PayPal refused it for sure), NEEDS_REVIEW (an unclear answer: check PayPal, decision
 * 0029). Anything else is shown as PayPal wrote it.
 */
const BATCH_STATUSES = ['NEW', 'SENDING', 'PENDING', 'PROCESSING', ...PAYPAL_BATCH_FINAL] as const;

const isOneOf = <T extends string>(list: readonly T[], value: string): value is T =>
  (list as readonly string[]).includes(value);

/** PayPal's batch and item statuses in the user's language. */
export function usePaypalStatusLabel() {
  const { t } = useTranslation('finish');
  return {
    batchLabel: (status: string) => (isOneOf(BATCH_STATUSES, status) ? t(`paypal.batch.${status}`) : status),
    itemLabel: (status: string) =>
      isOneOf(PAYPAL_ITEM_STATUSES, status) ? t(`paypal.item.${status}`) : status,
  };
}
