import { Anchor, Group, Modal, Stack, Text } from '@mantine/core';
import type { AdminPost } from '@preffy/api';
import { useTranslation } from 'react-i18next';
import { PostEmbed } from '../../../components/posts/PostEmbed.tsx';
import { useIsPhone } from '../../../lib/use-is-phone.ts';

/** Posts admin View: the video in its platform's player, with its link. */
export function ViewPostModal({ post, onClose }: { post: AdminPost; onClose: () => void }) {
  const { t } = useTranslation('posts');
  const isPhone = useIsPhone();
  return (
    <Modal
      opened
      onClose={onClose}
      size="auto"
      fullScreen={isPhone}
      title={t('view.title', { creator: post.creator })}
    >
      <Stack align="center">
        <PostEmbed platform={post.platform} postId={post.postId} link={post.link} title={post.creator} />
        <Group gap="xs">
          <Text size="sm" c="dimmed">
            {post.competitionName}
          </Text>
          <Anchor href={post.link} target="_blank" rel="noopener noreferrer" size="sm">
            {t('view.open')}
          </Anchor>
        </Group>
      </Stack>
    </Modal>
  );
}
