import { Group, Stack, Text } from '@mantine/core';
import type { Finish } from '@preffy/api';
import { payoutCsvAmount } from '@preffy/domain';
import { useTranslation } from 'react-i18next';
import { formatUsd } from '../../../lib/format.ts';
import { DownloadCsvButton } from './DownloadCsvButton.tsx';
import { PaypalPanel } from './PaypalPanel.tsx';
import { PayoutFiles } from './PayoutFiles.tsx';
import { ToBePaidTable } from './ToBePaidTable.tsx';

/**
 * Step 2, Pay Winners: the competition's To Be Paid payments and the payout's total; Download
 * CSV records the PayPal payout file(s) on the server and downloads each, which moves the
 * wizard to step 3. With PayPal configured, Send via PayPal pays through the Payouts API.
 */
export function PayStep({ finish }: { finish: Finish }) {
  const { t } = useTranslation('finish');
  const id = finish.competitionId;
  const winners = finish.slots.flatMap((slot) =>
    slot.winner ? [payoutCsvAmount(slot.amount, slot.winner.source)] : [],
  );
  const payout = winners.reduce((sum, amount) => sum + Math.round(amount * 100), 0) / 100;

  return (
    <Stack>
      <ToBePaidTable competitionId={id} />
      <Text data-testid="payout-total">
        {t('pay.total', { count: winners.length, total: formatUsd(payout) })}
      </Text>
      <Group>
        <DownloadCsvButton finish={finish} />
      </Group>
      <PayoutFiles files={finish.files} />
      <PaypalPanel finish={finish} />
    </Stack>
  );
}
