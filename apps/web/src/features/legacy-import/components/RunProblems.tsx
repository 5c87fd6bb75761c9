import { SegmentedControl, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IMPORT_PROBLEM_KINDS, type ImportProblemKind, type ImportRun, legacyImport } from '@preffy/api';
import { ServerTable } from '../../../components/table/ServerTable.tsx';
import { useServerTable } from '../../../components/table/use-server-table.ts';
import { importKeys } from '../api/legacy-import.ts';

/** A run's problems, a page at a time, by kind, searchable by legacy id, file or reason. */
export function RunProblems({ run }: { run: ImportRun }) {
  const { t } = useTranslation('legacyImport');
  const [kind, setKind] = useState<ImportProblemKind | 'all'>('all');
  const table = useServerTable({
    key: [...importKeys.problems, run.id],
    endpoint: legacyImport.problems,
    pathParams: { id: run.id },
    inUrl: false,
    extra: { kind: kind === 'all' ? undefined : kind },
  });
  return (
    <Stack>
      <Title order={3} size="h4">
        {t('problems.title', { count: run.problems })}
      </Title>
      <ServerTable
        table={table}
        search={{ label: t('problems.search'), width: 280 }}
        toolbar={
          <SegmentedControl
            aria-label={t('problems.kind')}
            value={kind}
            onChange={(v) => setKind(v as ImportProblemKind | 'all')}
            data={[
              { value: 'all', label: t('problems.all') },
              ...IMPORT_PROBLEM_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) })),
            ]}
          />
        }
        filtered={kind !== 'all'}
        emptyText={t('problems.none')}
        csv={{ filename: `import-problems-${run.id}.csv` }}
        columns={[
          { key: 'kind', title: t('problems.kindColumn'), cell: (p) => t(`kinds.${p.kind}`) },
          {
            key: 'legacyTable',
            title: t('table'),
            cell: (p) => (p.legacyTable ? t(`tables.${p.legacyTable as 'Post'}`) : ''),
          },
          { key: 'legacyId', title: t('problems.legacyId'), cell: (p) => p.legacyId ?? '' },
          { key: 'file', title: t('problems.place'), cell: (p) => (p.line ? `${p.file}:${p.line}` : p.file) },
          { key: 'reason', title: t('problems.reason') },
        ]}
      />
    </Stack>
  );
}
