import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { addMonths, isDayAvailable, isMonthInWindow, localDay, roleMeets } from '@preffy/domain';
import { IconChevronLeft, IconChevronRight, IconExternalLink, IconRss } from '@tabler/icons-react';
import type { CalendarDay } from '@preffy/api';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBusinessTimeZone, useMe } from '../../../lib/session.ts';
import { currentLanguage } from '../../../lib/i18n/index.ts';
import { calendarMonthQuery } from '../api/calendar.ts';
import { DayModal } from './DayModal.tsx';
import { MonthList } from './MonthList.tsx';
import { FeedModal } from './FeedModal.tsx';
import { ReserveDateModal } from './ReserveDateModal.tsx';
import { TONES, TONE_ORDER } from '../tones.tsx';

/** The competition calendar (/preffy/calendar): one request per month, weeks from Monday. */
export function CalendarPage({
  month,
  onMonthChange,
}: {
  month: string | undefined;
  onMonthChange: (month: string) => void;
}) {
  // Today's month in the business time zone (the session's), the calendar's own reckoning.
  const timeZone = useBusinessTimeZone();
  const [openedAt] = useState(() => Date.now());
  const thisMonth = localDay(openedAt, timeZone).slice(0, 7);
  // A month outside the date window (typed into the address) falls back to this month.
  const shown = month && isMonthInWindow(month) ? month : thisMonth;
  return <CalendarMonthView month={shown} thisMonth={thisMonth} onMonthChange={onMonthChange} />;
}

function CalendarMonthView({
  month,
  thisMonth,
  onMonthChange,
}: {
  month: string;
  thisMonth: string;
  onMonthChange: (month: string) => void;
}) {
  const { t } = useTranslation('calendar');
  const timeZone = useBusinessTimeZone();
  const [openDay, setOpenDay] = useState<string | null>(null);
  const [reserveDay, setReserveDay] = useState<string | null>(null);
  const [feedOpen, setFeedOpen] = useState(false);
  const isStaff = roleMeets(useMe().role, 'staff');
  // Below 576 px a 7-column grid leaves a letter per name: the month becomes a list of days.
  const isPhone = useMediaQuery('(max-width: 36em)') ?? false;
  const query = useQuery({ ...calendarMonthQuery(month), placeholderData: keepPreviousData });
  const data = query.data;
  const language = currentLanguage();
  const monthTitle = new Intl.DateTimeFormat(language, {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${month}-01T00:00:00Z`));
  // 2024-01-01 was a Monday: the grid's weekday headings in the user's language.
  const weekdays = Array.from({ length: 7 }, (_, i) =>
    new Intl.DateTimeFormat(language, { weekday: 'short', timeZone: 'UTC' }).format(
      new Date(Date.UTC(2024, 0, 1 + i)),
    ),
  );

  return (
    <Stack>
      <Group justify="space-between" wrap="wrap">
        <Group gap="xs">
          <Title order={1} size="h2">
            {t('nav.calendar')}
          </Title>
          {/* The arrows and the month they move stay on one line, even on a phone. */}
          <Group gap="xs" wrap="nowrap" data-testid="month-switcher">
            <ActionIcon
              variant="default"
              aria-label={t('previousMonth')}
              onClick={() => onMonthChange(addMonths(month, -1))}
              disabled={!isMonthInWindow(addMonths(month, -1))}
            >
              <IconChevronLeft size={18} />
            </ActionIcon>
            <Text fw={600} miw={160} ta="center" data-testid="calendar-month" aria-live="polite">
              {monthTitle}
            </Text>
            <ActionIcon
              variant="default"
              aria-label={t('nextMonth')}
              onClick={() => onMonthChange(addMonths(month, 1))}
              disabled={!isMonthInWindow(addMonths(month, 1))}
            >
              <IconChevronRight size={18} />
            </ActionIcon>
          </Group>
          <Button
            variant="default"
            size="xs"
            disabled={month === thisMonth}
            onClick={() => onMonthChange(thisMonth)}
          >
            {t('today')}
          </Button>
          {query.isFetching && <Loader size="xs" />}
        </Group>
        <Group gap="xs">
          <Button onClick={() => setReserveDay(data?.today ?? `${month}-01`)}>{t('reserveSlot')}</Button>
          {data?.genniDirectFormUrl ? (
            <Button
              variant="light"
              component="a"
              href={data.genniDirectFormUrl}
              target="_blank"
              rel="noopener noreferrer"
              rightSection={<IconExternalLink size={14} />}
            >
              {t('genniForm')}
            </Button>
          ) : (
            // No link to follow: staff are told in words who can set it up; organizers, who
            // cannot, are not shown a missing setting at all.
            isStaff && (
              <Text size="sm" c="dimmed" data-testid="genni-form-missing">
                {t('genniForm')}: {t('genniFormMissing')}
              </Text>
            )
          )}
          <Button variant="default" leftSection={<IconRss size={16} />} onClick={() => setFeedOpen(true)}>
            {t('feed.button')}
          </Button>
        </Group>
      </Group>
      <Group gap="xs" role="group" aria-label={t('legendLabel')}>
        {TONE_ORDER.map((tone) => {
          const { color, Icon } = TONES[tone];
          return (
            <Badge key={tone} color={color} variant="light" leftSection={<Icon size={12} />}>
              {t(`tones.${tone}`)}
            </Badge>
          );
        })}
      </Group>
      {!data ? (
        <Loader />
      ) : isPhone ? (
        <MonthList days={data.days} monthTitle={monthTitle} onOpen={setOpenDay} />
      ) : (
        // A list of days, each a button named by its date and what it holds: a grid role would
        // promise arrow-key moves between cells, and each button already says its weekday.
        <section aria-label={monthTitle}>
          <SimpleGrid cols={7} spacing={4} aria-hidden>
            {weekdays.map((w) => (
              <Text key={w} size="xs" fw={700} c="dimmed" ta="center">
                {w}
              </Text>
            ))}
          </SimpleGrid>
          <SimpleGrid
            cols={7}
            spacing={4}
            mt={4}
            component="ul"
            style={{ listStyle: 'none', padding: 0, margin: 0 }}
          >
            {data.days.map((d) => (
              <DayCell key={d.day} day={d} isToday={d.day === data.today} onOpen={() => setOpenDay(d.day)} />
            ))}
          </SimpleGrid>
        </section>
      )}
      {openDay && (
        <DayModal
          day={openDay}
          timeZone={timeZone}
          onClose={() => setOpenDay(null)}
          onReserve={() => {
            setReserveDay(openDay);
            setOpenDay(null);
          }}
        />
      )}
      {reserveDay && <ReserveDateModal day={reserveDay} onClose={() => setReserveDay(null)} />}
      {feedOpen && <FeedModal onClose={() => setFeedOpen(false)} />}
    </Stack>
  );
}

function DayCell({ day, isToday, onOpen }: { day: CalendarDay; isToday: boolean; onOpen: () => void }) {
  const { t } = useTranslation('calendar');
  return (
    <Paper
      component="li"
      withBorder
      p={4}
      mih={110}
      bg={day.inMonth ? undefined : 'var(--mantine-color-default-hover)'}
      style={isToday ? { borderColor: 'var(--mantine-primary-color-filled)', borderWidth: 2 } : undefined}
      data-testid={`day-${day.day}`}
    >
      <UnstyledButton
        onClick={onOpen}
        w="100%"
        h="100%"
        style={{ display: 'flex', flexDirection: 'column', alignItems: 'stretch', gap: 2 }}
      >
        {/* Its name is what it shows, the date first: names and Hold/Confirmed are read too. */}
        <VisuallyHidden>{t('openDay', { date: day.day })}</VisuallyHidden>
        <Group justify="space-between" gap={2} wrap="nowrap">
          <Text size="sm" fw={isToday ? 700 : 500} c={day.inMonth ? undefined : 'dimmed'}>
            {Number(day.day.slice(8))}
          </Text>
          {day.confirmedCount > 0 && (
            <Badge size="xs" variant="outline" color="gray" data-testid="confirmed-count">
              {t('confirmedCount', { count: day.confirmedCount })}
            </Badge>
          )}
        </Group>
        {isDayAvailable(day) ? (
          <Text size="xs" c="dimmed">
            {t('available')}
          </Text>
        ) : (
          day.entries.map((e) => {
            const { color, Icon } = TONES[e.tone];
            return (
              <Badge
                key={e.id}
                color={color}
                variant="light"
                size="sm"
                fullWidth
                radius="sm"
                leftSection={<Icon size={11} aria-hidden />}
                styles={{ label: { textTransform: 'none' } }}
                data-tone={e.tone}
                data-testid={`entry-${e.id}`}
                title={t(`tones.${e.tone}`)}
              >
                {e.organizer}
                <VisuallyHidden> ({t(`tones.${e.tone}`)})</VisuallyHidden>
              </Badge>
            );
          })
        )}
        {day.moreEntries > 0 && (
          <Text size="xs" c="dimmed">
            {t('more', { count: day.moreEntries })}
          </Text>
        )}
      </UnstyledButton>
    </Paper>
  );
}
