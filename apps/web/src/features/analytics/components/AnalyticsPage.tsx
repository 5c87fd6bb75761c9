import { Alert, Loader, Stack, Text } from '@mantine/core';
import type { Analytics } from '@preffy/api';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { describeError } from '../../../lib/api/client.ts';
import { currentLanguage } from '../../../lib/i18n/index.ts';
import { useBusinessTimeZone, useFormatTimestamp } from '../../../lib/session.ts';
import { type AnalyticsSearch, queryOfSearch } from '../analytics-search.ts';
import { useAnalytics } from '../api/analytics.ts';
import { formatDayLong } from '../labels.ts';
import { AnalyticsFigures } from './AnalyticsFigures.tsx';
import { AnalyticsSplits } from './AnalyticsSplits.tsx';
import { PeriodPicker } from './PeriodPicker.tsx';

/** Nothing counted at all: no competition, post, payment or invoice in the period. */
const isEmpty = (d: Analytics) =>
  d.competitionsRun === 0 &&
  d.entered === 0 &&
  d.prizeMoney.paid === 0 &&
  d.prizeMoney.owed === 0 &&
  d.revenue === 0;

/**
 * Analytics (/preffy/analytics, staff and admins): what happened in a period across every
 * competition. The period lives in the address, so a view can be shared and reloaded.
 */
export function AnalyticsPage({
  search,
  onSearchChange,
}: {
  search: AnalyticsSearch;
  onSearchChange: (next: AnalyticsSearch) => void;
}) {
  const { t } = useTranslation('analytics');
  const timeZone = useBusinessTimeZone();
  const query = queryOfSearch(search);
  const result = useAnalytics(query);
  const data = result.data;
  const language = currentLanguage();
  const formatTimestamp = useFormatTimestamp();

  return (
    <Stack gap="lg">
      <PageHeader title={t('nav.analytics')} />
      <PeriodPicker search={search} shown={data?.period} onChange={onSearchChange} />
      {query === null ? (
        <Text c="dimmed">{t('period.pickDays')}</Text>
      ) : result.isError ? (
        <Alert color="red" title={t('loadFailed')}>
          {describeError(result.error).message}
        </Alert>
      ) : !data ? (
        <Loader aria-label={t('common.loading')} />
      ) : (
        <>
          <Text size="sm" c="dimmed" data-testid="analytics-period">
            {t('period.shown', {
              from: formatDayLong(data.period.from, language),
              to: formatDayLong(data.period.to, language),
              zone: timeZone,
            })}{' '}
            {t('period.asOf', { time: formatTimestamp(data.computedAt) })}
          </Text>
          {isEmpty(data) ? (
            <Alert title={t('empty.title')} data-testid="analytics-empty">
              {t('empty.body')}
            </Alert>
          ) : (
            <Stack
              gap="lg"
              style={{ opacity: result.isPlaceholderData ? 0.6 : 1 }}
              aria-busy={result.isFetching}
            >
              <AnalyticsFigures data={data} />
              <AnalyticsSplits data={data} />
            </Stack>
          )}
        </>
      )}
    </Stack>
  );
}
