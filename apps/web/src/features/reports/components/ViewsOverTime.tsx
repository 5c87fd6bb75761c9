import { Text } from '@mantine/core';
import type { PublicReport } from '@preffy/api';
import { useTranslation } from 'react-i18next';
import { PictureLineChart } from '../../../components/charts/picture-charts.tsx';
import { formatCount } from '../../../lib/format.ts';
import { ReportSection } from './ReportSection.tsx';

/** Views over time from the stats snapshots: by day, or by week for a long competition (the step is said). */
export function ViewsOverTime({ viewsOverTime }: { viewsOverTime: PublicReport['viewsOverTime'] }) {
  const { t } = useTranslation('reports');
  const { step, points } = viewsOverTime;
  // Views come from the stats snapshots: a flat line at 0 would read as 'nobody watched' when
  // the truth is 'not counted yet' (posts entered by hand have figures but no snapshot).
  const counted = points.some((p) => p.views > 0);
  return (
    <ReportSection title={t('views.title')} testId="report-views" empty={counted ? null : t('views.empty')}>
      <Text size="sm" c="dimmed" data-testid="report-views-step">
        {t(step === 'week' ? 'views.week' : 'views.day')}
      </Text>
      <PictureLineChart
        h={260}
        data={points}
        dataKey="day"
        series={[{ name: 'views', label: t('views.series'), color: 'blue.6' }]}
        valueFormatter={formatCount}
        withDots={points.length <= 60}
        curveType="linear"
        aria-label={t('views.title')}
      />
    </ReportSection>
  );
}
