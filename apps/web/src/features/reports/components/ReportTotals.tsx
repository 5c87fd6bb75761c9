import { Card, SimpleGrid, Text } from '@mantine/core';
import type { PublicReport } from '@preffy/api';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../../../lib/format.ts';

const FIGURES = ['posts', 'creators', 'views', 'likes', 'comments', 'shares'] as const;

/** The six totals as cards: two a row on a phone, all six in one row on a wide screen. */
export function ReportTotals({ totals }: { totals: PublicReport['totals'] }) {
  const { t } = useTranslation('reports');
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm" data-testid="report-totals">
      {FIGURES.map((figure) => (
        <Card withBorder key={figure} padding="sm" data-testid={`total-${figure}`}>
          <Text c="dimmed" size="sm">
            {t(`totals.${figure}`)}
          </Text>
          <Text fw={700} size="xl" style={{ overflowWrap: 'anywhere' }}>
            {formatCount(totals[figure])}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}
