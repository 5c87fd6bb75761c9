import { Group, SimpleGrid, Table, Text } from '@mantine/core';
import type { PublicReport } from '@preffy/api';
import { useTranslation } from 'react-i18next';
import { UNFORMATTABLE, formatCount, formatUsd } from '../../../lib/format.ts';
import { platformName } from '../../../lib/labels.ts';
import { ReportSection } from './ReportSection.tsx';

/** Results: the leaderboard, the winners with their prizes, and what the prizes add up to. */
export function ReportResults({
  leaderboard,
  winners,
  prizeTotal,
}: Pick<PublicReport, 'leaderboard' | 'winners' | 'prizeTotal'>) {
  const { t } = useTranslation('reports');
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <ReportSection
        title={t('results.leaderboard')}
        testId="report-leaderboard"
        empty={leaderboard.length === 0 ? t('results.leaderboardEmpty') : null}
      >
        <Table.ScrollContainer minWidth={420}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('results.rank')}</Table.Th>
                <Table.Th>{t('results.creator')}</Table.Th>
                <Table.Th>{t('results.platform')}</Table.Th>
                <Table.Th ta="right">{t('totals.views')}</Table.Th>
                <Table.Th ta="right">{t('totals.likes')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {leaderboard.map((row) => (
                <Table.Tr key={`${row.rank}-${row.creator}-${row.platform}`}>
                  <Table.Td>{row.rank}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{row.creator}</Table.Td>
                  <Table.Td>{platformName(row.platform)}</Table.Td>
                  <Table.Td ta="right">{formatCount(row.views)}</Table.Td>
                  <Table.Td ta="right">{formatCount(row.likes)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </ReportSection>
      <ReportSection title={t('results.winners')} testId="report-winners">
        {winners.length === 0 ? (
          <Text c="dimmed" data-testid="report-winners-empty">
            {t('results.winnersEmpty')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={360}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('results.creator')}</Table.Th>
                  <Table.Th>{t('results.platform')}</Table.Th>
                  <Table.Th ta="right">{t('results.prize')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {winners.map((w, i) => (
                  <Table.Tr key={`${i}-${w.creator}`}>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{w.creator}</Table.Td>
                    <Table.Td>{platformName(w.platform)}</Table.Td>
                    <Table.Td ta="right">
                      {w.prizeLabel ? `${w.prizeLabel}: ` : ''}
                      {/* A legacy payment recorded no prize: a dash, never what it paid. */}
                      {w.prize === null ? UNFORMATTABLE : formatUsd(w.prize)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {/* The prize total is known before any winner is chosen, so it shows either way. */}
        <Group justify="space-between" data-testid="report-prize-total">
          <Text fw={600}>{t('results.prizeTotal')}</Text>
          <Text fw={700}>{formatUsd(prizeTotal)}</Text>
        </Group>
      </ReportSection>
    </SimpleGrid>
  );
}
