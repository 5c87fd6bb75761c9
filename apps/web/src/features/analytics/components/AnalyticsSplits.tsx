import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { Analytics } from '@preffy/api';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../../../lib/format.ts';
import { currentLanguage } from '../../../lib/i18n/index.ts';
import { countryName, platformName } from '../../../lib/labels.ts';
import { type SplitRow as Row, SplitTable } from '../../../components/charts/SplitTable.tsx';

function Section({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <Card withBorder padding="md" data-testid={testId}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}

/**
 * The period's live posts by platform (a bar chart, and the same numbers as a table for screen
 * readers and exact values), by continent and by country (the top 50, then the rest summed).
 */
export function AnalyticsSplits({ data }: { data: Analytics }) {
  const { t } = useTranslation('analytics');
  const language = currentLanguage();
  const continentName = (c: string) =>
    c ? t(`continents.${c}` as 'continents.Europe', { defaultValue: c }) : t('splits.unknown');
  const platforms = data.byPlatform.map((p) => ({ ...p, name: platformName(p.platform) }));
  const empty = <Text c="dimmed">{t('splits.empty')}</Text>;
  const countryRows: Row[] = data.byCountry.map((c) => ({
    key: c.country,
    cells: [countryName(c.country, language, t('splits.unknown')), continentName(c.continent)],
    posts: c.posts,
    views: c.views,
  }));
  if (data.otherCountries.countries > 0)
    countryRows.push({
      key: '*other',
      cells: [t('splits.otherCountries', { count: data.otherCountries.countries }), ''],
      posts: data.otherCountries.posts,
      views: data.otherCountries.views,
    });
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <Section title={t('splits.byPlatform')} testId="analytics-by-platform">
        {platforms.length === 0 ? (
          empty
        ) : (
          <>
            <BarChart
              // The table beside it holds the same numbers: the picture is not a second, focusable copy.
              barChartProps={{ accessibilityLayer: false }}
              h={180}
              data={platforms}
              dataKey="name"
              series={[{ name: 'posts', label: t('splits.posts'), color: 'teal.6' }]}
              valueFormatter={formatCount}
              aria-hidden
            />
            <SplitTable
              postsLabel={t('splits.posts')}
              viewsLabel={t('splits.views')}
              caption={t('splits.byPlatform')}
              headers={[t('splits.platform')]}
              rows={platforms.map((p) => ({
                key: p.platform,
                cells: [p.name],
                posts: p.posts,
                views: p.views,
              }))}
            />
          </>
        )}
      </Section>
      <Section title={t('splits.byContinent')} testId="analytics-by-continent">
        {data.byContinent.length === 0 ? (
          empty
        ) : (
          <SplitTable
            postsLabel={t('splits.posts')}
            viewsLabel={t('splits.views')}
            caption={t('splits.byContinent')}
            headers={[t('splits.continent')]}
            rows={data.byContinent.map((c) => ({
              key: c.continent,
              cells: [continentName(c.continent)],
              posts: c.posts,
              views: c.views,
            }))}
          />
        )}
      </Section>
      <Section title={t('splits.byCountry')} testId="analytics-by-country">
        {countryRows.length === 0 ? (
          empty
        ) : (
          <SplitTable
            postsLabel={t('splits.posts')}
            viewsLabel={t('splits.views')}
            caption={t('splits.byCountry')}
            headers={[t('splits.country'), t('splits.continent')]}
            rows={countryRows}
          />
        )}
      </Section>
    </SimpleGrid>
  );
}
