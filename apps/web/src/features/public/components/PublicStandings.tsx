import { Card, Group, Pagination, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { PublicStandings as Standings } from '@preffy/api';
import { useQuery } from '@tanstack/react-query';
import { useHydrated } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n/index.ts';
import { platformName } from '../../../lib/labels.ts';
import { STANDINGS_PAGE_SIZE, publicStandingsQuery } from '../api/public.ts';

/**
 * The competition's standings on its public page (issue 43): rank, handle, platform and the
 * competition's metric, a page at a time, searchable by handle so a creator finds themselves.
 * When staff keep them hidden (or until the end), it says so instead.
 */
export function PublicStandings({ competitionId }: { competitionId: string }) {
  const { t } = useTranslation('public');
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const query = useQuery(publicStandingsQuery(competitionId, page, debounced));
  const standings = query.data;
  // The page stands without them: a failure leaves the section out.
  if (!standings) return null;
  if (!standings.shown)
    return (
      <Card withBorder data-testid="standings">
        <Title order={2} size="h4" mb="xs">
          {t('standings.title')}
        </Title>
        <Text c="dimmed">
          {standings.visibility === 'afterEnd' ? t('standings.afterEnd') : t('standings.hidden')}
        </Text>
      </Card>
    );
  const pages = Math.max(1, Math.ceil(standings.total / STANDINGS_PAGE_SIZE));
  return (
    <Card withBorder data-testid="standings">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <div>
            <Title order={2} size="h4">
              {t('standings.title')}
            </Title>
            <UpdatedAt computedAt={standings.computedAt} />
          </div>
          <TextInput
            label={t('standings.search')}
            value={search}
            onChange={(e) => {
              setSearch(e.currentTarget.value);
              setPage(1);
            }}
            maxLength={200}
            w={{ base: '100%', xs: 240 }}
            data-testid="standings-search"
          />
        </Group>
        {standings.items.length === 0 ? (
          <Text c="dimmed" data-testid="standings-empty">
            {debounced
              ? t('standings.noMatch', { search: debounced })
              : standings.computedAt === null
                ? t('standings.notYet')
                : t('standings.empty')}
          </Text>
        ) : (
          <StandingsTable standings={standings} />
        )}
        {pages > 1 && (
          <Pagination
            total={pages}
            value={page}
            onChange={setPage}
            size="sm"
            getControlProps={(control) => ({ 'aria-label': t(`standings.pages.${control}`) })}
            getItemProps={(n) => ({ 'aria-label': t('standings.pages.page', { page: n }) })}
          />
        )}
      </Stack>
    </Card>
  );
}

function StandingsTable({ standings }: { standings: Standings }) {
  const { t } = useTranslation('public');
  const count = new Intl.NumberFormat(currentLanguage());
  return (
    <Table striped verticalSpacing="xs" data-testid="standings-table">
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{t('standings.rank')}</Table.Th>
          <Table.Th scope="col">{t('standings.creator')}</Table.Th>
          <Table.Th scope="col">{t('standings.platform')}</Table.Th>
          <Table.Th scope="col" ta="right">
            {t(`standings.metric.${standings.metric}`)}
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {standings.items.map((s) => (
          <Table.Tr key={`${s.rank}`}>
            <Table.Td>{s.rank}</Table.Td>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>@{s.creator}</Table.Td>
            <Table.Td>{platformName(s.platform)}</Table.Td>
            <Table.Td ta="right">{count.format(s.value)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * When the standings were worked out, with its time zone: the reader's once the app runs, UTC
 * in the server's drawing (which knows no reader's zone).
 */
function UpdatedAt({ computedAt }: { computedAt: number | null }) {
  const { t } = useTranslation('public');
  const hydrated = useHydrated();
  if (computedAt === null) return null;
  const when = new Intl.DateTimeFormat(currentLanguage(), {
    // dateStyle cannot name the zone: the parts are spelled out.
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
    ...(hydrated ? {} : { timeZone: 'UTC' }),
  }).format(computedAt);
  return (
    <Text size="sm" c="dimmed" suppressHydrationWarning data-testid="standings-updated">
      {t('standings.updated', { when })}
    </Text>
  );
}
