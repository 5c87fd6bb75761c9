import { Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { PublicReport } from '@preffy/api';
import { parsePostLink } from '@preffy/domain';
import { useTranslation } from 'react-i18next';
import { PostEmbed, REFERRAL_EMBED } from '../../../components/posts/PostEmbed.tsx';
import { formatCount } from '../../../lib/format.ts';
import { platformName } from '../../../lib/labels.ts';
import { ReportSection } from './ReportSection.tsx';
import { ExternalLink } from '../../../components/ExternalLink.tsx';

type Post = PublicReport['topPosts'][number];

/** The platform's own id of a post, read from its stored (canonical) link: what the embed player needs. */
const postIdOf = (link: string) => {
  const parsed = parsePostLink(link);
  return parsed.kind === 'post' ? parsed.postId : null;
};

/**
 * The most viewed posts, each in its platform's player (the frames the CSP allows, through the
 * shared PostEmbed) with its figures and a plain link for when the player does not load.
 */
export function TopPosts({ posts }: { posts: Post[] }) {
  const { t } = useTranslation('reports');
  return (
    <ReportSection
      title={t('topPosts.title')}
      testId="report-top-posts"
      empty={posts.length === 0 ? t('topPosts.empty') : null}
    >
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {posts.map((post) => (
          <TopPost key={post.id} post={post} />
        ))}
      </SimpleGrid>
    </ReportSection>
  );
}

function TopPost({ post }: { post: Post }) {
  const { t } = useTranslation('reports');
  const platform = platformName(post.platform);
  return (
    <Card withBorder padding="sm" data-testid="report-top-post" miw={0}>
      <Stack gap="xs" align="center">
        <Group justify="space-between" w="100%" wrap="nowrap" gap="xs">
          <Text fw={600} truncate="end" miw={0}>
            {post.creator}
          </Text>
          <Text size="sm" c="dimmed">
            {platform}
          </Text>
        </Group>
        <PostEmbed
          video={{ platform: post.platform, postId: postIdOf(post.link), link: post.link }}
          title={post.creator}
          size={REFERRAL_EMBED}
        />
        <Group gap="sm" justify="center">
          {(['views', 'likes', 'comments', 'shares'] as const).map((figure) => (
            <Text size="sm" key={figure}>
              {t(`totals.${figure}`)}: <b>{formatCount(post[figure])}</b>
            </Text>
          ))}
        </Group>
        <ExternalLink href={post.link} size="sm">
          {t('topPosts.open', { platform })}
        </ExternalLink>
      </Stack>
    </Card>
  );
}
