import { Badge, Card, Center, Group, Loader, Pagination, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PostEmbed, REFERRAL_EMBED } from './PostEmbed.tsx';
import { formatCompactCount, formatCount } from '../../lib/format.ts';
import { platformName } from '../../lib/labels.ts';
import { type ListAllQuery, postsListQuery } from '../../lib/post-lists.ts';
import { ExternalLink } from '../ExternalLink.tsx';
import { viewsText } from './views-text.ts';

const CARDS_PER_PAGE = 12;

/**
 * A creator's posts as cards, each with its video (240×500, the referral screens' size), its
 * numbers and its link; a page of 12 at a time.
 */
export function PostCards({ filter, emptyText }: { filter: Omit<ListAllQuery, 'page'>; emptyText: string }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const query = {
    ...filter,
    page,
    pageSize: CARDS_PER_PAGE,
    sortBy: 'createdAt',
    sortDirection: 'desc',
  } as const;
  const { data, isError } = useQuery(postsListQuery(query));
  if (isError) return <Text c="red">{t('postCards.loadFailed')}</Text>;
  if (!data) return <Loader />;
  if (data.total === 0) return <Text c="dimmed">{emptyText}</Text>;
  return (
    <Stack>
      <Text size="sm" c="dimmed" data-testid="post-count">
        {t('postCards.count', { count: data.total })}
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 4 }}>
        {data.items.map((post) => (
          <Card key={post.id} withBorder padding="sm" data-testid="post-card">
            <Stack gap="xs" align="center">
              <PostEmbed video={post} title={post.creator} size={REFERRAL_EMBED} />
              <Group gap="xs" justify="center">
                <Badge variant="light">{platformName(post.platform)}</Badge>
                {post.deleted && (
                  <Badge color="red" variant="light">
                    {t('postCards.deleted')}
                  </Badge>
                )}
              </Group>
              <Text size="sm">
                {t('postCards.numbers', {
                  likes: formatCount(post.likes),
                  views: viewsText(post, formatCompactCount),
                  comments: formatCount(post.comments),
                })}
              </Text>
              <Text size="xs" c="dimmed">
                {post.email}
              </Text>
              <ExternalLink href={post.link} size="sm">
                {t('open')}
              </ExternalLink>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
      {data.total > CARDS_PER_PAGE && (
        <Center>
          <Pagination
            total={Math.ceil(data.total / CARDS_PER_PAGE)}
            value={page}
            onChange={setPage}
            getControlProps={(control) => ({ 'aria-label': t(`table.pages.${control}`) })}
          />
        </Center>
      )}
    </Stack>
  );
}

/**
 * The active posts in a competition of whoever a screen's picker chose (a creator's handle, or a
 * promotion's creator email), from the first page again whenever the choice changes; until a
 * choice is made, what to pick.
 */
export function PickedPostCards({
  competitionId,
  picked,
  emptyText,
  pickText,
}: {
  competitionId: string;
  picked: { creator: string } | { email: string } | null;
  emptyText: string;
  pickText: string;
}) {
  if (!picked) return <Text c="dimmed">{pickText}</Text>;
  return (
    <PostCards
      key={'creator' in picked ? picked.creator : picked.email}
      filter={{ competitionId, ...picked, deleted: 'false' }}
      emptyText={emptyText}
    />
  );
}
