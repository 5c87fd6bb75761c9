import { Alert, Group, Loader, SegmentedControl, Select, Stack } from '@mantine/core';
import { roleMeets } from '@preffy/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NotFoundPage } from '../../../components/StatusPages.tsx';
import { CompetitionJobsHeader } from '../../../components/jobs/JobButton.tsx';
import { useCompetition } from '../../../lib/api/competition.ts';
import { useMe } from '../../../lib/session.ts';
import { ALL_CARDS, type CardView, reviewKeys } from '../api/review.ts';
import { CardGrid } from './CardGrid.tsx';
import { CreativeDirection } from './CreativeDirection.tsx';

const nothingToRefresh = () => {};

/** Post review (/update?id=): the competition's unscored posts as cards, scored Love or Like. */
export function ReviewPage({ id }: { id: string | undefined }) {
  const { t } = useTranslation('posts');
  const me = useMe();
  const queryClient = useQueryClient();
  const competition = useCompetition(id);
  const [view, setView] = useState<CardView>(ALL_CARDS);
  // New numbers can raise flags that take posts out of the queue: the cards are read again.
  const refreshCards = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: reviewKeys.all });
    void queryClient.invalidateQueries({ queryKey: reviewKeys.flagged });
  }, [queryClient]);
  if (!id || competition.isError) return <NotFoundPage />;
  const c = competition.data?.competition;
  if (!c) return <Loader />;
  const isStaff = roleMeets(me.role, 'staff');
  return (
    <Stack>
      <CompetitionJobsHeader
        title={c.name || c.organizer}
        subtitle={`${c.organizer} · ${t('review.subtitle')}`}
        competitionId={c.id}
        canStart={isStaff}
        onViewsUpdated={refreshCards}
        onLeaderboardUpdated={nothingToRefresh}
      />
      <CreativeDirection html={c.creativeDirection} />
      {!isStaff && <Alert color="gray">{t('review.readOnly')}</Alert>}
      <Group gap="md" align="end">
        <SegmentedControl
          aria-label={t('review.order')}
          value={view.order}
          onChange={(order) => setView({ ...view, order: order as CardView['order'] })}
          data={[
            { value: 'oldest', label: t('review.oldestFirst') },
            { value: 'risk', label: t('review.riskiestFirst') },
          ]}
        />
        <Select
          label={t('review.minRisk')}
          w={200}
          allowDeselect={false}
          value={String(view.minRisk)}
          onChange={(value) => setView({ ...view, minRisk: Number(value ?? 0) })}
          data={[0, 25, 50, 75].map((n) => ({
            value: String(n),
            label: n === 0 ? t('review.anyRisk') : t('review.riskAtLeast', { score: n }),
          }))}
        />
      </Group>
      <CardGrid
        view={view}
        list="queue"
        competitionId={c.id}
        canAct={isStaff}
        emptyText={t('review.empty')}
        countText={(count) => t('review.waiting', { count })}
      />
    </Stack>
  );
}
