import { SimpleGrid } from '@mantine/core';
import type { PublicReport } from '@preffy/api';
import { useTranslation } from 'react-i18next';
import { PictureBarChart } from '../../../components/charts/picture-charts.tsx';
import { formatCount } from '../../../lib/format.ts';
import { currentLanguage } from '../../../lib/i18n/index.ts';
import { countryName, platformName } from '../../../lib/labels.ts';
import { ReportSection } from './ReportSection.tsx';
import { SplitTable } from '../../../components/charts/SplitTable.tsx';

type Split = PublicReport['byPlatform'];

/** Posts and views by platform (with a bar chart of the views) and by country. */
export function ReportSplits({ byPlatform, byCountry }: { byPlatform: Split; byCountry: Split }) {
  const { t } = useTranslation('reports');
  const language = currentLanguage();
  const platforms = byPlatform.map((s) => ({ ...s, name: platformName(s.key) }));
  const countries = byCountry.map((s) => ({
    ...s,
    name: countryName(s.key, language, t('splits.unknownCountry')),
  }));
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <ReportSection
        title={t('splits.platform')}
        testId="report-by-platform"
        empty={platforms.length === 0 ? t('splits.empty') : null}
      >
        <PictureBarChart
          h={180}
          data={platforms}
          dataKey="name"
          series={[{ name: 'views', label: t('totals.views'), color: 'teal.6' }]}
          valueFormatter={formatCount}
          aria-label={t('splits.platform')}
        />
        <SplitTable
          headers={[t('results.platform')]}
          postsLabel={t('totals.posts')}
          viewsLabel={t('totals.views')}
          rows={platforms.map((p) => ({ ...p, cells: [p.name] }))}
        />
      </ReportSection>
      <ReportSection
        title={t('splits.country')}
        testId="report-by-country"
        empty={countries.length === 0 ? t('splits.empty') : null}
      >
        <SplitTable
          headers={[t('results.country')]}
          postsLabel={t('totals.posts')}
          viewsLabel={t('totals.views')}
          rows={countries.map((c) => ({ ...c, cells: [c.name] }))}
        />
      </ReportSection>
    </SimpleGrid>
  );
}
