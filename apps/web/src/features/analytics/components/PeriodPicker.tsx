import { Group, Select } from '@mantine/core';
import { ANALYTICS_PRESETS, type AnalyticsPreset, localDay } from '@preffy/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChartDaysInput } from '../../../components/charts/ChartDaysInput.tsx';
import { useBusinessTimeZone } from '../../../lib/session.ts';
import { type AnalyticsSearch, DEFAULT_PRESET } from '../analytics-search.ts';

/**
 * The period: a preset, or a custom range of days (2021-03-01 until today in the business time
 * zone, the only days the server accepts). `shown` is the period on screen, so switching to
 * Custom starts from the days already counted.
 */
export function PeriodPicker({
  search,
  shown,
  onChange,
}: {
  search: AnalyticsSearch;
  shown: { from: string; to: string } | undefined;
  onChange: (next: AnalyticsSearch) => void;
}) {
  const { t } = useTranslation('analytics');
  const timeZone = useBusinessTimeZone();
  const preset = search.preset ?? DEFAULT_PRESET;
  // Today as the page opened: the latest day the server accepts.
  const [today] = useState(() => localDay(Date.now(), timeZone));
  return (
    <Group align="flex-end" wrap="wrap">
      <Select
        label={t('period.label')}
        data={ANALYTICS_PRESETS.map((value) => ({ value, label: t(`period.presets.${value}`) }))}
        value={preset}
        allowDeselect={false}
        w={{ base: '100%', xs: 220 }}
        onChange={(value) => {
          const next = (value ?? DEFAULT_PRESET) as AnalyticsPreset;
          onChange(next === 'custom' ? { preset: next, from: shown?.from, to: shown?.to } : { preset: next });
        }}
      />
      {preset === 'custom' && (
        <ChartDaysInput
          label={t('period.range')}
          description={t('period.timeZone', { zone: timeZone })}
          today={today}
          value={[search.from ?? null, search.to ?? null]}
          onChange={([from, to]) =>
            onChange({ preset: 'custom', from: from ?? undefined, to: to ?? undefined })
          }
        />
      )}
    </Group>
  );
}
