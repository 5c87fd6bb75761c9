import { Badge, Stack, Text } from '@mantine/core';
import { type DuplicateAttempt, posts } from '@preffy/api';
import { useTranslation } from 'react-i18next';
import { ExternalLink } from '../../../components/ExternalLink.tsx';
import { type Column, ServerTable } from '../../../components/table/ServerTable.tsx';
import { useServerTable } from '../../../components/table/use-server-table.ts';
import { currentLanguage } from '../../../lib/i18n/index.ts';
import { useBusinessTimeZone } from '../../../lib/session.ts';
import { reviewKeys } from '../api/review.ts';
import { EarlierEntryLink } from './EarlierEntryLink.tsx';
import { TitledSection } from '../../../components/TitledSection.tsx';

/**
 * Entries refused because their video was already live in the competition (errors view): who
 * tried, when, through what, and whose entry it repeats. Newest first (the server's order); its state stays in the
 * component, the flagged table above owns the URL.
 */
export function DuplicateAttempts({ competitionId }: { competitionId: string }) {
  const { t } = useTranslation('posts');
  const timeZone = useBusinessTimeZone();
  const language = currentLanguage();
  const table = useServerTable({
    key: reviewKeys.duplicateAttempts,
    endpoint: posts.duplicateAttempts,
    pathParams: { id: competitionId },
    pageSizes: [10, 25, 50],
    inUrl: false,
  });
  const when = (at: number) =>
    new Date(at).toLocaleString(language, { dateStyle: 'short', timeStyle: 'short', timeZone });
  const columns: Column<DuplicateAttempt>[] = [
    {
      key: 'attemptedAt',
      title: t('duplicates.columns.when'),
      cell: (a) => when(a.attemptedAt),
      csv: (a) => when(a.attemptedAt),
    },
    { key: 'creator', title: t('duplicates.columns.creator') },
    { key: 'email', title: t('duplicates.columns.email') },
    {
      key: 'via',
      title: t('duplicates.columns.via'),
      cell: (a) => (
        <span>
          {t(`duplicates.via.${a.via}`)}
          {a.attemptedByName && (
            <Text span size="xs" c="dimmed">
              {' '}
              {t('duplicates.by', { name: a.attemptedByName })}
            </Text>
          )}
        </span>
      ),
      csv: (a) =>
        t(`duplicates.via.${a.via}`) +
        (a.attemptedByName ? ` ${t('duplicates.by', { name: a.attemptedByName })}` : ''),
    },
    {
      key: 'earlier',
      title: t('duplicates.columns.earlier'),
      cell: (a) => (
        <Stack gap={2}>
          <EarlierEntryLink link={a.earlier.link} removed={a.earlier.removed}>
            {t('duplicates.earlierEntry', { creator: a.earlier.creator, email: a.earlier.email })}
          </EarlierEntryLink>
          {a.earlier.removed && (
            <Badge size="xs" color="gray" variant="light">
              {t('duplicates.removed')}
            </Badge>
          )}
        </Stack>
      ),
      csv: (a) => `${a.earlier.creator} <${a.earlier.email}>`,
    },
    {
      key: 'link',
      title: t('duplicates.columns.link'),
      cell: (a) => (
        <ExternalLink href={a.link} size="sm">
          {t('duplicates.open')}
        </ExternalLink>
      ),
      csv: (a) => a.link,
    },
  ];
  return (
    <TitledSection id="duplicates-title" title={t('duplicates.title')} intro={t('duplicates.intro')}>
      <ServerTable
        table={table}
        columns={columns}
        search={{ label: t('duplicates.search'), width: 280 }}
        csv={{ filename: 'refused-duplicates.csv' }}
        emptyText={t('duplicates.empty')}
      />
    </TitledSection>
  );
}
