import { Group, Stack, Text } from '@mantine/core';
import type { AdminPost } from '@preffy/api';
import { useTranslation } from 'react-i18next';
import { ResponsiveModal } from '../../../components/ResponsiveModal.tsx';
import { PostEmbed } from '../../../components/posts/PostEmbed.tsx';
import { ExternalLink } from '../../../components/ExternalLink.tsx';

/** Posts admin View: the video in its platform's player, with its link. */
export function ViewPostModal({ post, onClose }: { post: AdminPost; onClose: () => void }) {
  const { t } = useTranslation('posts');
  return (
    <ResponsiveModal opened onClose={onClose} size="auto" title={t('view.title', { creator: post.creator })}>
      <Stack align="center">
        <PostEmbed video={post} title={post.creator} />
        <Group gap="xs">
          <Text size="sm" c="dimmed">
            {post.competitionName}
          </Text>
          <ExternalLink href={post.link} size="sm">
            {t('view.open')}
          </ExternalLink>
        </Group>
      </Stack>
    </ResponsiveModal>
  );
}
