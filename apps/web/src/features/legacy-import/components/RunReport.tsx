import { Alert, Badge, Button, Group, Progress, Stack, Table, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type ImportRun, LEGACY_TABLE_NAMES, legacyImport, urlOf } from '@preffy/api';
import { confirmChange } from '../../../components/confirm-destructive.tsx';
import { useFormatTimestamp } from '../../../lib/session.ts';
import { isWorking, runQuery, useRunAction } from '../api/legacy-import.ts';
import { RunProblems } from './RunProblems.tsx';

const COUNTS = [
  'total',
  'created',
  'updated',
  'unchanged',
  'tombstones',
  'invalid',
  'orphans',
  'older',
] as const;
const STATUS_COLORS = {
  queued: 'gray',
  running: 'blue',
  interrupted: 'orange',
  done: 'green',
  failed: 'red',
} as const;

/** How far a run is: records read of those counted before it began, over its three passes. */
function progressOf(run: ImportRun) {
  if (run.status === 'done') return 100;
  const tables = Object.values(run.report.tables);
  const total = tables.reduce((n, c) => n + c.total, 0);
  const read = tables.reduce((n, c) => n + c.read, 0);
  return total ? Math.min(99, Math.floor((100 * read) / total)) : 0;
}

/** One run: its progress per table as it goes, then its report, its problems and what comes next. */
export function RunReport({ id, onStarted }: { id: string; onStarted: (runId: string) => void }) {
  const { t } = useTranslation('legacyImport');
  const formatTime = useFormatTimestamp();
  const { data } = useQuery(runQuery(id));
  const apply = useRunAction('apply');
  const resume = useRunAction('resume');
  if (!data) return null;
  const { run } = data;
  const money = (cents: number) => t('money', { amount: (cents / 100).toFixed(2) });
  const dollars = run.report.payments;
  return (
    <Stack aria-live="polite">
      <Group justify="space-between">
        <Title order={2} size="h3">
          {run.dryRun ? t('run.dryRunTitle') : t('run.importTitle')}
        </Title>
        <Badge color={STATUS_COLORS[run.status]} data-testid="run-status">
          {t(`status.${run.status}`)}
        </Badge>
      </Group>
      <Text size="sm" c="dimmed">
        {t('run.started', {
          time: formatTime(run.createdAt),
          files: run.sources.join(', '),
          zone: run.timeZone,
        })}
      </Text>
      <Progress
        value={progressOf(run)}
        animated={isWorking(run)}
        aria-label={t('run.progress', { percent: progressOf(run) })}
      />
      {run.error && <Alert color="red">{t('run.failed', { error: run.error })}</Alert>}
      <Table.ScrollContainer minWidth={720}>
        <Table striped withTableBorder data-testid="run-counts">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('table')}</Table.Th>
              {COUNTS.map((c) => (
                <Table.Th key={c} ta="right">
                  {t(`counts.${c}`)}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {LEGACY_TABLE_NAMES.filter((name) => run.report.tables[name].total > 0).map((name) => {
              const counts = run.report.tables[name];
              return (
                <Table.Tr key={name} data-testid={`counts-${name}`}>
                  <Table.Td>{t(`tables.${name}`)}</Table.Td>
                  {COUNTS.map((c) => (
                    <Table.Td key={c} ta="right">
                      {c === 'total' && isWorking(run) ? `${counts.read} / ${counts.total}` : counts[c]}
                    </Table.Td>
                  ))}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {(dollars.length > 0 || run.report.promotions.count > 0) && (
        <Stack gap={4}>
          <Text fw={600}>{t('run.moneyTitle')}</Text>
          {dollars.map((p) => (
            <Text key={p.status} size="sm">
              {t('run.payments', { status: p.status, count: p.count, amount: money(p.amountCents) })}
            </Text>
          ))}
          {run.report.promotions.count > 0 && (
            <Text size="sm">
              {t('run.promotions', {
                count: run.report.promotions.count,
                amount: money(run.report.promotions.amountCents),
                remaining: money(run.report.promotions.remainingCents),
              })}
            </Text>
          )}
        </Stack>
      )}
      {run.report.unreadable > 0 && (
        <Text size="sm">{t('run.unreadable', { count: run.report.unreadable })}</Text>
      )}
      {run.report.images.copied + run.report.images.missing > 0 && (
        <Text size="sm">
          {t('run.images', { copied: run.report.images.copied, missing: run.report.images.missing })}
        </Text>
      )}
      <Group>
        <Button
          component="a"
          variant="default"
          leftSection={<IconDownload size={16} />}
          href={urlOf(legacyImport.reportCsv, { id: run.id })}
          disabled={isWorking(run)}
        >
          {t('run.downloadReport')}
        </Button>
        {run.dryRun && run.status === 'done' && (
          <Button
            color="orange"
            loading={apply.isPending}
            onClick={() =>
              confirmChange({
                title: t('form.confirmTitle'),
                body: t('run.applyBody'),
                confirm: t('form.import'),
                testId: 'confirm-apply',
                onConfirm: () => apply.mutate(run.id, { onSuccess: ({ run: next }) => onStarted(next.id) }),
              })
            }
          >
            {t('run.apply')}
          </Button>
        )}
        {!run.dryRun && (run.status === 'interrupted' || run.status === 'failed') && (
          <Button loading={resume.isPending} onClick={() => resume.mutate(run.id)}>
            {t('run.resume')}
          </Button>
        )}
      </Group>
      {!isWorking(run) && <RunProblems run={run} />}
    </Stack>
  );
}
