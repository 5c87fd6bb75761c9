import {
  Alert,
  Card,
  Center,
  Container,
  Group,
  Image,
  List,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  Title,
  Typography,
} from '@mantine/core';
import { type PublicCompetition, publicCompetitions } from '@preffy/api';
import { useQuery } from '@tanstack/react-query';
import { useHydrated, useParams, useSearch } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../lib/api/client.ts';
import { formatCompactCount, formatPrizeLine, formatUsd } from '../../../lib/format.ts';
import { currentLanguage } from '../../../lib/i18n/index.ts';
import { platformName } from '../../../lib/labels.ts';
import { richText } from '../../../lib/rich-text.tsx';
import { publicCompetitionQuery, publicWinnersQuery } from '../api/public.ts';
import { timeLeft, useNow } from '../countdown.ts';
import { EnterCompetitionForm } from './EnterCompetitionForm.tsx';
import { PublicStandings } from './PublicStandings.tsx';
import { ExternalLink } from '../../../components/ExternalLink.tsx';

/** The public competition page (/c/:id), which creators see: no sign-in, no admin layout, nothing private. */
export function PublicCompetitionPage() {
  const { id } = useParams({ from: '/c/$id' });
  const { ref } = useSearch({ from: '/c/$id' });
  const query = useQuery(publicCompetitionQuery(id));
  useEffect(() => {
    // Counts the visit under its ref (?ref=fancy from the Fancy email, …); failures do not matter.
    if (ref) call(publicCompetitions.countVisit, { params: { id }, body: { ref } }).catch(() => {});
  }, [id, ref]);
  const c = query.data;
  // The browser tab names the song and the artist, as creators share and bookmark it.
  useTabTitle(c ? `${c.name} – ${c.organizer}` : null);

  if (query.isError) return <CompetitionNotFound />;
  if (!c) return <Loader m="xl" />;
  return (
    <Container size="md" py="xl" component="main">
      <Stack>
        <Group align="center" wrap="nowrap">
          {c.image && (
            <Image
              src={c.image}
              alt={`${c.name} – ${c.organizer}`}
              w={{ base: 96, sm: 160 }}
              h={{ base: 96, sm: 160 }}
              radius="md"
              fit="cover"
              data-testid="album-art"
            />
          )}
          <div>
            <Title order={1}>{c.name}</Title>
            <Text size="lg">
              {c.spotify ? <ExternalLink href={c.spotify}>{c.organizer}</ExternalLink> : c.organizer}
            </Text>
          </div>
        </Group>
        <Dates competition={c} />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {c.totalViews > 0 && (
            <StatCard labelKey="totalViews" value={formatCompactCount(c.totalViews)} testId="total-views" />
          )}
          <StatCard labelKey="ugc" value={c.ugcCount.toLocaleString(currentLanguage())} testId="ugc-count" />
          <StatCard labelKey="prizeTotal" value={formatUsd(c.prizeTotal)} testId="prize-total" />
        </SimpleGrid>
        {c.creativeDirection && <CreativeDirection html={c.creativeDirection} />}
        {c.prizes.length > 0 && <Prizes competition={c} />}
        <PublicStandings competitionId={c.id} />
        {c.audio && <SongLink href={c.audio} />}
        {/* Once it has ended there is nothing to enter: the steps would only mislead. */}
        {!c.hasEnded && <HowToEnter platforms={c.platforms} />}
        {c.isOpen ? <EnterCompetitionForm competitionId={c.id} refTag={ref} /> : <Closed competition={c} />}
      </Stack>
    </Container>
  );
}

/**
 * Start and end in the reader's own time, named with its zone, and how long is left. The
 * server's prerender knows neither the reader's time zone nor the moment the page is read: it
 * draws the dates in UTC, and leaves the countdown's line blank (same height: nothing shifts); the
 * hydrated page then puts both in the reader's time, in the same elements (a new element would
 * count as a later paint of the page's largest text).
 */
function Dates({ competition: c }: { competition: PublicCompetition }) {
  const { t } = useTranslation('public');
  const hydrated = useHydrated();
  const now = useNow();
  // Named with its zone, so a creator never guesses whose evening "8:00 PM" is (dateStyle cannot
  // name the zone: the parts are spelled out).
  const when = new Intl.DateTimeFormat(currentLanguage(), {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
    ...(hydrated ? {} : { timeZone: 'UTC' }),
  });
  const moment = (ms: number) => when.format(ms);
  const untilStart = c.hasStarted ? null : timeLeft(now, c.startDate);
  const untilEnd = c.hasEnded ? null : timeLeft(now, c.endDate);
  const span = (parts: { days: number; hours: number; minutes: number }) =>
    parts.days > 0
      ? t('countdown.daysHours', {
          days: t('countdown.days', { count: parts.days }),
          hours: t('countdown.hours', { count: parts.hours }),
        })
      : t('countdown.hoursMinutes', {
          hours: t('countdown.hours', { count: parts.hours }),
          minutes: t('countdown.minutes', { count: parts.minutes }),
        });
  const countdown = untilStart
    ? t('countdown.startsIn', { left: span(untilStart) })
    : untilEnd
      ? t('countdown.endsIn', { left: span(untilEnd) })
      : t('countdown.ended');
  return (
    <Card withBorder data-testid="dates">
      <Stack gap={4}>
        {/* The server's locale data may differ from the browser's by a space: replaced at once. */}
        <Text suppressHydrationWarning>
          {t('dates', { start: moment(c.startDate), end: moment(c.endDate) })}
        </Text>
        <Text fw={700} size="lg" data-testid={hydrated ? 'countdown' : undefined} aria-live="off">
          {hydrated ? countdown : '\u00a0'}
        </Text>
      </Stack>
    </Card>
  );
}

/** The song's link: the sound to use, which the form asked for and the page did not show. */
function SongLink({ href }: { href: string }) {
  const { t } = useTranslation('public');
  return (
    <Card withBorder data-testid="song">
      <Title order={2} size="h4" mb="xs">
        {t('song.title')}
      </Title>
      <ExternalLink href={href}>{t('song.listen')}</ExternalLink>
    </Card>
  );
}

function CreativeDirection({ html }: { html: string }) {
  const { t } = useTranslation('public');
  return (
    <Card withBorder>
      <Title order={2} size="h4" mb="xs">
        {t('creativeDirection')}
      </Title>
      <Typography data-testid="creative-direction">{richText(html)}</Typography>
    </Card>
  );
}

/** The prize lines; once the competition has ended and its winners are decided, who won each place. */
function Prizes({ competition: c }: { competition: PublicCompetition }) {
  const { t } = useTranslation('public');
  const winners = useQuery({ ...publicWinnersQuery(c.id), enabled: c.hasEnded }).data;
  return (
    <Card withBorder data-testid="prizes">
      <Title order={2} size="h4" mb="xs">
        {t('prizes')}
      </Title>
      <List>
        {c.prizes.map((p) => (
          <List.Item key={p}>{formatPrizeLine(p)}</List.Item>
        ))}
      </List>
      {winners?.decided && winners.items.length > 0 && (
        <>
          <Title order={3} size="h5" mt="md" mb="xs">
            {t('winners.title')}
          </Title>
          <List data-testid="winners">
            {winners.items.map((w, i) => (
              <List.Item key={`${i}-${w.label}`} style={{ overflowWrap: 'anywhere' }}>
                {t('winners.place', {
                  label: w.label,
                  creator: w.creator,
                  platform: platformName(w.platform),
                })}
              </List.Item>
            ))}
          </List>
        </>
      )}
    </Card>
  );
}

/** The three steps, naming the platforms the competition takes ('TikTok + Instagram Reel' → both). */
function HowToEnter({ platforms }: { platforms: string[] }) {
  const { t } = useTranslation('public');
  const names = [...new Set(platforms.flatMap((p) => p.split('+')).map((p) => platformLabel(p.trim())))];
  const list = new Intl.ListFormat(currentLanguage(), { type: 'disjunction' }).format(names);
  return (
    <Card withBorder data-testid="how-to-enter">
      <Title order={2} size="h4" mb="xs">
        {t('howToEnter.title')}
      </Title>
      <List type="ordered" spacing={4}>
        <List.Item>{t('howToEnter.use', { platforms: list || t('howToEnter.anyPlatform') })}</List.Item>
        <List.Item>{t('howToEnter.post')}</List.Item>
        <List.Item>{t('howToEnter.submit')}</List.Item>
      </List>
    </Card>
  );
}

/** A competition platform option ('Instagram Reel', 'YouTube Short', 'tiktok') as people name it. */
const platformLabel = (option: string) => {
  const key = option.toLowerCase().split(' ')[0] ?? option;
  const name = platformName(key);
  return name === key ? option : name;
};

function Closed({ competition: c }: { competition: PublicCompetition }) {
  const { t } = useTranslation('public');
  return (
    <Alert color="gray" data-testid="closed">
      {!c.hasStarted ? t('enter.notStarted') : c.hasEnded ? t('enter.ended') : t('enter.closed')}
    </Alert>
  );
}

function StatCard({
  labelKey,
  value,
  testId,
}: {
  labelKey: 'totalViews' | 'ugc' | 'prizeTotal';
  value: string;
  testId: string;
}) {
  const { t } = useTranslation('public');
  return (
    <Card withBorder data-testid={testId}>
      <Text c="dimmed" size="sm">
        {t(labelKey)}
      </Text>
      <Text fw={700} size="xl">
        {value}
      </Text>
    </Card>
  );
}

/** For creators following a link: no admin words, no way into the back office. */
function CompetitionNotFound() {
  const { t } = useTranslation('public');
  // The tab says it too, not the app's name alone.
  useTabTitle(t('notFound.title'));
  return (
    <Center mih="60vh" p="md" component="main">
      <Stack align="center" gap="sm" data-testid="competition-not-found" maw={560}>
        <Title order={1}>{t('notFound.title')}</Title>
        <Text ta="center" size="lg">
          {t('notFound.body')}
        </Text>
      </Stack>
    </Center>
  );
}

/** The browser tab's title while the page shows (null: leave it), given back on leaving. */
function useTabTitle(title: string | null) {
  useEffect(() => {
    if (title === null) return;
    const before = document.title;
    document.title = title;
    return () => {
      document.title = before;
    };
  }, [title]);
}
