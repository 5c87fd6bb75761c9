import { Anchor, Card, SimpleGrid, Stack, Text } from '@mantine/core';
import type { Analytics } from '@preffy/api';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PaidMoneyHelp } from '../../../components/money/PaidMoneyHelp.tsx';
import { formatCount, formatUsd } from '../../../lib/format.ts';
import { currentLanguage } from '../../../lib/i18n/index.ts';
import { formatPercent } from '../labels.ts';

type ListName = 'competitions' | 'posts' | 'removedPosts' | 'paid' | 'owed';

/**
 * The list behind a figure. The lists are not filtered by the period (none of them has a date
 * filter): a link opens the list the figure counts from. Flagged and disqualified posts have no
 * cross-competition filter, so they open the removed posts of Posts admin.
 */
function ListLink({ list, label, figure }: { list: ListName; label: string; figure: string }) {
  return (
    <Anchor
      size="sm"
      aria-label={`${label}: ${figure}`}
      renderRoot={(props) => {
        switch (list) {
          case 'competitions':
            return <Link {...props} to="/preffy/view" />;
          case 'posts':
            return <Link {...props} to="/preffy/posts" search={{ tab: 'active' }} />;
          case 'removedPosts':
            return <Link {...props} to="/preffy/posts" search={{ tab: 'inactive' }} />;
          case 'paid':
            return <Link {...props} to="/preffy/payments" search={{ tab: 'sent' }} />;
          case 'owed':
            return <Link {...props} to="/preffy/payments" search={{ tab: 'to-be-paid' }} />;
        }
      }}
    >
      {label}
    </Anchor>
  );
}

function Figure({
  id,
  label,
  value,
  detail,
  help,
  list,
}: {
  id: string;
  label: string;
  value: string;
  detail?: ReactNode;
  /** What the figure counts, when its label alone does not say. */
  help?: ReactNode;
  list: ListName;
}) {
  const { t } = useTranslation('analytics');
  return (
    <Card withBorder padding="md" data-testid={`figure-${id}`}>
      <Stack gap={4}>
        <Text size="sm" c="dimmed">
          {label}
        </Text>
        <Text fz={26} fw={700} lh={1.2} style={{ overflowWrap: 'anywhere' }}>
          {value}
        </Text>
        {detail && (
          <Text size="sm" c="dimmed">
            {detail}
          </Text>
        )}
        {help}
        <ListLink list={list} label={t(`links.${list}`)} figure={label} />
      </Stack>
    </Card>
  );
}

/** The period's figures as cards, each linking to the list behind it. */
export function AnalyticsFigures({ data }: { data: Analytics }) {
  const { t } = useTranslation('analytics');
  const language = currentLanguage();
  // Flagged and disqualified posts: their share of the posts entered, and how many they were.
  const removedShare = (id: string, label: string, share: Analytics['flagged']) => (
    <Figure
      id={id}
      label={label}
      value={formatPercent(share.rate, language)}
      detail={t('figures.rateDetail', { part: formatCount(share.count), count: data.entered })}
      list="removedPosts"
    />
  );
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="md">
      <Figure
        id="competitions"
        label={t('figures.competitionsRun')}
        value={formatCount(data.competitionsRun)}
        list="competitions"
      />
      <Figure id="posts" label={t('figures.posts')} value={formatCount(data.posts)} list="posts" />
      <Figure
        id="creators"
        label={t('figures.creators')}
        value={formatCount(data.creators.total)}
        detail={t('figures.creatorsDetail', {
          new: formatCount(data.creators.new),
          returning: formatCount(data.creators.returning),
        })}
        list="posts"
      />
      <Figure id="views" label={t('figures.views')} value={formatCount(data.views)} list="posts" />
      <Figure id="likes" label={t('figures.likes')} value={formatCount(data.likes)} list="posts" />
      <Figure
        id="paid"
        label={t('figures.prizePaid')}
        value={formatUsd(data.prizeMoney.paid)}
        help={<PaidMoneyHelp scope="period" />}
        list="paid"
      />
      <Figure id="owed" label={t('figures.prizeOwed')} value={formatUsd(data.prizeMoney.owed)} list="owed" />
      <Figure id="revenue" label={t('figures.revenue')} value={formatUsd(data.revenue)} list="competitions" />
      {removedShare('flagRate', t('figures.flagRate'), data.flagged)}
      {removedShare('disqualificationRate', t('figures.disqualificationRate'), data.disqualified)}
    </SimpleGrid>
  );
}
