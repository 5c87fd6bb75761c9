import { Alert, Button, Stack, Table, Title } from '@mantine/core';
import type { PayoutFile } from '@preffy/api';
import { PAYOUT_FILE_MAX_ROWS } from '@preffy/domain';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../lib/api/client.ts';
import { formatCount, formatUsd } from '../../../lib/format.ts';
import { useFormatTimestamp } from '../../../lib/session.ts';
import { downloadPayoutFile } from '../api/finish.ts';

/**
 * The latest download's payout files (who, when, rows, total), each downloadable again as it
 * was handed out; a payout split for PayPal's row limit says so.
 */
export function PayoutFiles({ files }: { files: readonly PayoutFile[] }) {
  const { t } = useTranslation('finish');
  const formatTime = useFormatTimestamp();
  const [busy, setBusy] = useState<string | null>(null);
  if (files.length === 0) return null;
  const download = async (file: PayoutFile) => {
    setBusy(file.id);
    try {
      await downloadPayoutFile(file);
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(null);
    }
  };
  const count = files[0]!.fileCount;
  return (
    <Stack gap="xs" data-testid="payout-files">
      <Title order={2} size="h4">
        {t('files.title')}
      </Title>
      {count > 1 && (
        <Alert color="blue" data-testid="payout-split">
          {t('files.split', { count, rows: formatCount(PAYOUT_FILE_MAX_ROWS) })}
        </Alert>
      )}
      <Table.ScrollContainer minWidth={520}>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('files.file')}</Table.Th>
              <Table.Th>{t('files.by')}</Table.Th>
              <Table.Th>{t('files.at')}</Table.Th>
              <Table.Th ta="right">{t('files.rows')}</Table.Th>
              <Table.Th ta="right">{t('files.total')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {files.map((file) => {
              const name = t('files.part', { n: file.fileNumber, of: file.fileCount });
              return (
                <Table.Tr key={file.id}>
                  <Table.Td>{name}</Table.Td>
                  <Table.Td>{file.createdByName ?? '—'}</Table.Td>
                  <Table.Td>{formatTime(file.createdAt)}</Table.Td>
                  <Table.Td ta="right">{formatCount(file.rowCount)}</Table.Td>
                  <Table.Td ta="right">{formatUsd(file.total)}</Table.Td>
                  <Table.Td ta="right">
                    <Button
                      size="xs"
                      variant="default"
                      leftSection={<IconDownload size={14} />}
                      loading={busy === file.id}
                      aria-label={t('files.downloadAgain', { file: name })}
                      onClick={() => void download(file)}
                    >
                      {t('files.download')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
