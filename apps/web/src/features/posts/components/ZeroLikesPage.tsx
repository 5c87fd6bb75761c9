import { Alert, Loader, Stack, Text, Title } from '@mantine/core';
import { roleMeets } from '@preffy/domain';
import { useTranslation } from 'react-i18next';
import { NotFoundPage } from '../../../components/StatusPages.tsx';
import { useCompetition } from '../../../lib/api/competition.ts';
import { useMe } from '../../../lib/session.ts';
import { CardGrid } from './CardGrid.tsx';
import { FlaggedPosts } from './FlaggedPosts.tsx';
import { DuplicateAttempts } from './DuplicateAttempts.tsx';

/**
 * Errors (/correct?id=): the posts with 0 likes as cards with a likes input, and below them the
 * posts the automatic flags took out of the queue, which staff can restore, and the entries
 * refused for repeating a video already in the competition.
 */
export function ZeroLikesPage({ id }: { id: string | undefined }) {
  const { t } = useTranslation('posts');
  const me = useMe();
  const competition = useCompetition(id);
  if (!id || competition.isError) return <NotFoundPage />;
  const c = competition.data?.competition;
  if (!c) return <Loader />;
  const isStaff = roleMeets(me.role, 'staff');
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          {c.name || c.organizer}
        </Title>
        <Text c="dimmed" size="sm">
          {c.organizer} · {t('zeroLikes.subtitle')}
        </Text>
      </div>
      {!isStaff && <Alert color="gray">{t('review.readOnly')}</Alert>}
      <Stack component="section" aria-labelledby="zero-likes-title">
        <Title order={2} size="h3" id="zero-likes-title">
          {t('zeroLikes.cardsTitle')}
        </Title>
        <CardGrid
          list="zeroLikes"
          competitionId={c.id}
          canAct={isStaff}
          emptyText={t('zeroLikes.empty')}
          countText={(count) => t('zeroLikes.waiting', { count })}
        />
      </Stack>
      <FlaggedPosts competitionId={c.id} canAct={isStaff} />
      <DuplicateAttempts competitionId={c.id} />
    </Stack>
  );
}
