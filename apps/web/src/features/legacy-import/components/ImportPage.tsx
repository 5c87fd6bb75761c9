import { Button, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { legacyImport } from '@preffy/api';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { ServerTable } from '../../../components/table/ServerTable.tsx';
import { useServerTable } from '../../../components/table/use-server-table.ts';
import { useFormatTimestamp } from '../../../lib/session.ts';
import { importKeys } from '../api/legacy-import.ts';
import { ImportForm } from './ImportForm.tsx';
import { RunReport } from './RunReport.tsx';

/**
 * Import (admins, issue 41): take a team's data over from the legacy system. Upload its exports,
 * read the dry run's report, then import the same files for real; earlier runs below.
 */
export function ImportPage() {
  const { t } = useTranslation('legacyImport');
  const formatTime = useFormatTimestamp();
  const [runId, setRunId] = useState<string | null>(null);
  const runs = useServerTable({ key: importKeys.lists, endpoint: legacyImport.list, inUrl: false });
  return (
    <Stack>
      <PageHeader title={t('title')} />
      <Text size="sm" c="dimmed">
        {t('help')}
      </Text>
      <Paper withBorder p="md">
        <ImportForm onStarted={setRunId} />
      </Paper>
      {runId && (
        <Paper withBorder p="md">
          <RunReport id={runId} onStarted={setRunId} />
        </Paper>
      )}
      <ServerTable
        table={runs}
        search={false}
        emptyText={t('runs.none')}
        columns={[
          { key: 'createdAt', title: t('runs.started'), cell: (r) => formatTime(r.createdAt), noWrap: true },
          {
            key: 'dryRun',
            title: t('runs.kind'),
            cell: (r) => (r.dryRun ? t('runs.dryRun') : t('runs.import')),
          },
          { key: 'status', title: t('runs.status'), cell: (r) => t(`status.${r.status}`) },
          { key: 'sources', title: t('runs.files'), cell: (r) => r.sources.join(', ') },
          { key: 'problems', title: t('runs.problems'), textAlign: 'right' },
          {
            key: 'open',
            title: t('runs.open'),
            csv: false,
            textAlign: 'right',
            cell: (r) => (
              <Button
                size="compact-sm"
                variant="subtle"
                aria-label={t('runs.openRun', { time: formatTime(r.createdAt) })}
                onClick={() => setRunId(r.id)}
              >
                {t('runs.open')}
              </Button>
            ),
          },
        ]}
      />
    </Stack>
  );
}
