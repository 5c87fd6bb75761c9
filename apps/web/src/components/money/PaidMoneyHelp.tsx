import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Which payments a figure beside this help counts. */
export type PaidMoneyScope = 'all' | 'period' | 'competition';

/**
 * What "paid" counts, said the same way beside every prize-money figure (decision 0106): the
 * amounts sent to creators, once per payment, in USD; and which payments this figure holds.
 */
export function PaidMoneyHelp({ scope }: { scope: PaidMoneyScope }) {
  const { t } = useTranslation('common');
  return (
    <Text size="xs" c="dimmed" data-testid="paid-money-help">
      {t('paidMoney.means')} {t(`paidMoney.scope.${scope}`)}
    </Text>
  );
}
