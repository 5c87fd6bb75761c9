import { Button, Group, Loader, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { NotFoundPage } from '../../../components/StatusPages.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { useCompetition } from '../../../lib/api/competition.ts';
import { CreatorSelect } from '../../../components/posts/CreatorSelect.tsx';
import { PickedPostCards } from '../../../components/posts/PostCards.tsx';

/** The manual posts page (/preffy/manual?id): a competition's posts, one creator at a time. */
export function ManualPostsPage({
  id,
  creator,
  onCreatorChange,
}: {
  id: string | undefined;
  creator: string | undefined;
  onCreatorChange: (creator: string | undefined) => void;
}) {
  const { t } = useTranslation('posts');
  const competition = useCompetition(id);
  if (!id || competition.isError) return <NotFoundPage />;
  const c = competition.data?.competition;
  if (!c) return <Loader />;
  return (
    <Stack>
      <PageHeader title={c.name || c.organizer}>
        <Group>
          <Button
            variant="default"
            renderRoot={(props) => <Link to="/preffy/referrals" search={{ id: c.id }} {...props} />}
          >
            {t('manual.referrals')}
          </Button>
        </Group>
      </PageHeader>
      <Text c="dimmed">{t('manual.intro')}</Text>
      <CreatorSelect
        competitionId={c.id}
        value={creator ?? null}
        onChange={(next) => onCreatorChange(next ?? undefined)}
        testId="creator-select"
      />
      <PickedPostCards
        competitionId={c.id}
        picked={creator ? { creator } : null}
        emptyText={t('manual.noPosts', { creator })}
        pickText={t('manual.pick')}
      />
    </Stack>
  );
}
