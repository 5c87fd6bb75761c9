import { Button, Group, Loader, Stack, Text } from '@mantine/core';
import type { Creator } from '@preffy/api';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { NotFoundPage } from '../../../app/shell/StatusPages.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { useCompetition } from '../../../lib/api/competition.ts';
import { creatorsQuery } from '../api/posts.ts';
import { PostCards } from './PostCards.tsx';
import { type Option, SearchableSelect } from './SearchableSelect.tsx';
import { platformName } from '../../../lib/labels.ts';

/** Each handle once (the same handle on two platforms is one creator here, as the filter is). */
export function creatorOptions(items: Creator[]): Option[] {
  const seen = new Map<string, Option>();
  for (const c of items)
    if (!seen.has(c.creator))
      seen.set(c.creator, { value: c.creator, label: `${c.creator} (${platformName(c.platform)})` });
  return [...seen.values()];
}

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
            {t('referrals.title')}
          </Button>
        </Group>
      </PageHeader>
      <Text c="dimmed">{t('manual.intro')}</Text>
      <SearchableSelect
        label={t('creatorSelect.label')}
        placeholder={t('creatorSelect.placeholder')}
        nothingFound={t('creatorSelect.nothingFound')}
        value={creator ?? null}
        onChange={(next) => onCreatorChange(next ?? undefined)}
        query={(search) => creatorsQuery(c.id, search)}
        optionsOf={(page) => creatorOptions(page.items)}
        testId="creator-select"
      />
      {creator ? (
        <PostCards
          key={creator}
          filter={{ competitionId: c.id, creator, deleted: 'false' }}
          emptyText={t('manual.noPosts', { creator })}
        />
      ) : (
        <Text c="dimmed">{t('manual.pick')}</Text>
      )}
    </Stack>
  );
}
