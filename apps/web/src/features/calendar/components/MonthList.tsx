import { Badge, Card, Group, Stack, Text, Title, UnstyledButton, VisuallyHidden } from '@mantine/core';
import type { CalendarDay } from '@preffy/api';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n/index.ts';
import { TONES } from '../tones.tsx';

/**
 * The month on a phone: the days that have competitions or holds, one under the other, with
 * whole names and badges (a 7-column grid leaves one letter per chip at 390 px). A day opens
 * the same day modal as the grid.
 */
export function MonthList({
  days,
  monthTitle,
  onOpen,
}: {
  days: CalendarDay[];
  monthTitle: string;
  onOpen: (day: string) => void;
}) {
  const { t } = useTranslation('calendar');
  const busy = days.filter((d) => d.inMonth && (d.entries.length > 0 || d.confirmedCount > 0));
  const weekday = new Intl.DateTimeFormat(currentLanguage(), { weekday: 'long', timeZone: 'UTC' });
  if (busy.length === 0)
    return (
      <Text c="dimmed" data-testid="month-list-empty">
        {t('monthEmpty', { month: monthTitle })}
      </Text>
    );
  return (
    <Stack gap="xs" data-testid="month-list" aria-label={monthTitle} component="section">
      {busy.map((d) => (
        <Card key={d.day} withBorder p="sm" data-testid={`list-day-${d.day}`}>
          {/* Named by what it shows (the day), then what it opens: the visible text comes first. */}
          <UnstyledButton onClick={() => onOpen(d.day)}>
            <Title order={2} size="h5">
              {weekday.format(new Date(`${d.day}T00:00:00Z`))} {d.day}
              <VisuallyHidden>: {t('openDay', { date: d.day })}</VisuallyHidden>
            </Title>
          </UnstyledButton>
          <Stack gap={4} mt={6}>
            {d.entries.map((e) => {
              const { color, Icon } = TONES[e.tone];
              return (
                <Group key={e.id} justify="space-between" wrap="wrap" gap={4}>
                  <Text size="sm">{e.organizer}</Text>
                  <Badge
                    color={color}
                    variant="light"
                    leftSection={<Icon size={12} aria-hidden />}
                    data-tone={e.tone}
                  >
                    {t(`tones.${e.tone}`)}
                  </Badge>
                </Group>
              );
            })}
            {d.moreEntries > 0 && (
              <Text size="xs" c="dimmed">
                {t('more', { count: d.moreEntries })}
              </Text>
            )}
            {d.confirmedCount > 0 && (
              <Text size="xs" c="dimmed">
                {t('confirmedCount', { count: d.confirmedCount })}
              </Text>
            )}
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
