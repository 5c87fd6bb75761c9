import { Button, Group, Text } from '@mantine/core';
import { dialogs } from '../../../lib/dialogs.ts';
import { notifications } from '@mantine/notifications';
import type { Finish } from '@preffy/api';
import { PAYOUT_FILE_MAX_ROWS } from '@preffy/domain';
import { IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../lib/api/client.ts';
import { useSubmissionKey } from '../../../lib/api/submission-key.ts';
import { formatCount, formatUsd } from '../../../lib/format.ts';
import { downloadPayoutFile, paypalQuery, toBePaidSummaryQuery, useMakePayoutFiles } from '../api/finish.ts';

/**
 * PayPal payout file (CSV): the payout file(s) of the payments still To Be Paid are recorded on the server
 * and downloaded one after the other (in step 2, and again later for what is still owed). With
 * PayPal configured it asks first: the payments in the files leave the PayPal channel.
 */
export function DownloadCsvButton({ finish, variant }: { finish: Finish; variant?: string }) {
  const { t } = useTranslation('finish');
  const id = finish.competitionId;
  const makeFiles = useMakePayoutFiles(id);
  const submissionKey = useSubmissionKey();
  const [downloading, setDownloading] = useState(false);
  const paypal = useQuery(paypalQuery(id));
  const withPaypal = paypal.data?.configured === true;
  const toBePaid = useQuery(toBePaidSummaryQuery(id));
  // Nothing is owed (all paid, sent or in a PayPal payout): a file would hold no row.
  const nothingOwed = toBePaid.data?.count === 0;

  const download = async () => {
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
  const ask = () =>
    dialogs.openConfirmModal({
      title: t('pay.csvConfirmTitle'),
      children: (
        <Text data-testid="csv-confirm-body">
          {t('pay.csvConfirmBody', {
            count: toBePaid.data?.count ?? 0,
            total: formatUsd(toBePaid.data?.amount ?? 0),
          })}
        </Text>
      ),
      labels: { confirm: t('pay.downloadCsv'), cancel: t('cancel', { ns: 'common' }) },
      confirmProps: { 'data-testid': 'confirm-csv' },
      onConfirm: () => void download(),
    });

  const reasonId = `payout-file-disabled-${id}`;
  return (
    <Group gap="xs">
      <Button
        variant={variant}
        leftSection={<IconDownload size={16} />}
        onClick={() => (withPaypal ? ask() : void download())}
        loading={downloading || paypal.isPending || toBePaid.isPending}
        disabled={nothingOwed}
        aria-describedby={nothingOwed ? reasonId : undefined}
        data-testid="download-csv"
      >
        {t('pay.downloadCsv')}
      </Button>
      {nothingOwed && (
        <Text size="sm" c="dimmed" id={reasonId} data-testid="payout-file-disabled">
          {t('pay.nothingOwed')}
        </Text>
      )}
    </Group>
  );
}
