import { Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Finish } from '@preffy/api';
import { PAYOUT_FILE_MAX_ROWS, payoutCsvAmount } from '@preffy/domain';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../lib/api/client.ts';
import { useSubmissionKey } from '../../../lib/api/submission-key.ts';
import { formatCount, formatUsd } from '../../../lib/format.ts';
import { downloadPayoutFile, useMakePayoutFiles } from '../api/finish.ts';
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
  const makeFiles = useMakePayoutFiles(id);
  const submissionKey = useSubmissionKey();
  const [downloading, setDownloading] = useState(false);
  const winners = finish.slots.flatMap((slot) =>
    slot.winner ? [payoutCsvAmount(slot.amount, slot.winner.source)] : [],
  );
  const payout = winners.reduce((sum, amount) => sum + Math.round(amount * 100), 0) / 100;

  const downloadCsv = async () => {
    const idempotencyKey = submissionKey.keyFor({ id, version: finish.version });
    setDownloading(true);
    try {
      const { finish: next } = await makeFiles.mutateAsync({ version: finish.version, idempotencyKey });
      submissionKey.succeeded();
      // One file after the other: browsers drop downloads started in the same instant.
      for (const file of next.files) await downloadPayoutFile(file);
      const count = next.files[0]?.fileCount ?? next.files.length;
      notifications.show({
        color: 'green',
        message:
          count > 1
            ? t('files.split', { count, rows: formatCount(PAYOUT_FILE_MAX_ROWS) })
            : t('files.downloaded'),
      });
    } catch (error) {
      notifyError(error);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Stack>
      <ToBePaidTable competitionId={id} />
      <Text data-testid="payout-total">
        {t('pay.total', { count: winners.length, total: formatUsd(payout) })}
      </Text>
      <Group>
        <Button
          leftSection={<IconDownload size={16} />}
          onClick={() => void downloadCsv()}
          loading={downloading}
          data-testid="download-csv"
        >
          {t('pay.downloadCsv')}
        </Button>
      </Group>
      <PayoutFiles files={finish.files} />
      <PaypalPanel finish={finish} />
    </Stack>
  );
}
