import { Alert, Anchor, Button, Card, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { DashboardCompetitionCount, DashboardTiles as Tiles } from '@preffy/api';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PaidMoneyHelp } from '../../../components/money/PaidMoneyHelp.tsx';
import { formatCount, formatDay, formatUsd } from '../../../lib/format.ts';
import { useBusinessTimeZone } from '../../../lib/session.ts';
import { useDashboardTiles } from '../api/dashboard.ts';

/** One tile: a title, its number and what it links to, or why there is nothing. */
function Tile({
  title,
  value,
  testId,
  children,
}: {
  title: string;
  value: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Card withBorder padding="md" data-testid={testId}>
      <Stack gap={6}>
        <Title order={2} size="h5">
          {title}
        </Title>
        <Text fz={28} fw={700} lh={1.1}>
          {value}
        </Text>
        {children}
      </Stack>
    </Card>
  );
}

/** The competitions holding the most posts, each a link to the screen that works on them. */
function CompetitionLinks({
  top,
  to,
  label,
}: {
  top: DashboardCompetitionCount[];
  to: '/update' | '/correct';
  label: string;
}) {
  return (
    <Stack gap={2} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={label}>
      {top.map((c) => (
        <li key={c.id}>
          <Anchor size="sm" renderRoot={(props) => <Link {...props} to={to} search={{ id: c.id }} />}>
            {c.name} ({formatCount(c.count)})
          </Anchor>
        </li>
      ))}
    </Stack>
  );
}

const Empty = ({ children }: { children: ReactNode }) => (
  <Text size="sm" c="dimmed">
    {children}
  </Text>
);

/**
 * What waits for someone: posts to review, flagged posts, payments To Be Paid, Unseen
 * inquiries, calendar holds. Organizers see their competitions' tiles; money and inquiries are
 * staff only (the server answers null). One column on phones.
 */
export function DashboardTiles() {
  const { t } = useTranslation('dashboard');
  const timeZone = useBusinessTimeZone();
  const tiles = useDashboardTiles();
  if (tiles.isError)
    return (
      <Alert color="red" role="alert" title={t('tiles.loadFailed')}>
        <Button size="xs" variant="light" color="red" onClick={() => void tiles.refetch()}>
          {t('tiles.retry')}
        </Button>
      </Alert>
    );
  const data: Tiles | undefined = tiles.data;
  if (!data)
    return (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 5 }} aria-label={t('common.loading', { ns: 'common' })}>
        {Array.from({ length: 5 }, (_, i) => (
          <Skeleton key={i} h={120} />
        ))}
      </SimpleGrid>
    );
  const { review, flagged, payments, inquiries, holds } = data;
  // The calendar opens on the month of the first hold (its start day in the business time zone).
  const holdsMonth =
    holds.firstStart === null ? undefined : formatDay(holds.firstStart, timeZone).slice(0, 7);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: payments ? 5 : 3 }} data-testid="dashboard-tiles">
      <Tile title={t('tiles.review.title')} value={formatCount(review.total)} testId="tile-review">
        {review.total === 0 ? (
          <Empty>{t('tiles.review.empty')}</Empty>
        ) : (
          <CompetitionLinks top={review.top} to="/update" label={t('tiles.review.title')} />
        )}
      </Tile>
      <Tile title={t('tiles.flagged.title')} value={formatCount(flagged.total)} testId="tile-flagged">
        {flagged.total === 0 ? (
          <Empty>{t('tiles.flagged.empty')}</Empty>
        ) : (
          <CompetitionLinks top={flagged.top} to="/correct" label={t('tiles.flagged.title')} />
        )}
      </Tile>
      {payments && (
        <Tile title={t('tiles.payments.title')} value={formatCount(payments.count)} testId="tile-payments">
          {payments.count === 0 ? (
            <Empty>{t('tiles.payments.empty')}</Empty>
          ) : (
            <>
              <Text size="sm">{t('tiles.payments.total', { amount: formatUsd(payments.amount) })}</Text>
              <Anchor
                size="sm"
                renderRoot={(props) => (
                  <Link {...props} to="/preffy/payments" search={{ tab: 'to-be-paid' }} />
                )}
              >
                {t('tiles.payments.open')}
              </Anchor>
            </>
          )}
          <Text size="sm" data-testid="tile-payments-paid">
            {t('tiles.payments.paid', { amount: formatUsd(payments.paid) })}
          </Text>
          <PaidMoneyHelp scope="all" />
        </Tile>
      )}
      {inquiries && (
        <Tile
          title={t('tiles.inquiries.title')}
          value={formatCount(inquiries.unseen)}
          testId="tile-inquiries"
        >
          {inquiries.unseen === 0 ? (
            <Empty>{t('tiles.inquiries.empty')}</Empty>
          ) : (
            <Anchor
              size="sm"
              renderRoot={(props) => <Link {...props} to="/inquiries" search={{ status: 'unseen' }} />}
            >
              {t('tiles.inquiries.open')}
            </Anchor>
          )}
        </Tile>
      )}
      <Tile title={t('tiles.holds.title')} value={formatCount(holds.count)} testId="tile-holds">
        {holds.firstStart === null ? (
          <Empty>{t('tiles.holds.empty')}</Empty>
        ) : (
          <Anchor
            size="sm"
            renderRoot={(props) => <Link {...props} to="/preffy/calendar" search={{ month: holdsMonth }} />}
          >
            {t('tiles.holds.open', { day: formatDay(holds.firstStart, timeZone) })}
          </Anchor>
        )}
      </Tile>
    </SimpleGrid>
  );
}
