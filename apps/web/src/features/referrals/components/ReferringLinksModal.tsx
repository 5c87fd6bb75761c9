import { Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReviewPost } from '@preffy/api';
import { parsePostLink } from '@preffy/domain';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ResponsiveModal } from '../../../components/ResponsiveModal.tsx';
import { PostEmbed, REFERRAL_EMBED } from '../../../components/posts/PostEmbed.tsx';
import { referralsQuery } from '../api/referrals.ts';
import { ExternalLink } from '../../../components/ExternalLink.tsx';

/** The video a referring link points at, when the link is one we can embed. */
export function embedOf(link: string): { platform: string; postId: string | null } {
  const parsed = parsePostLink(link);
  return parsed.kind === 'post'
    ? { platform: parsed.platform, postId: parsed.postId }
    : { platform: '', postId: null };
}

/** The reset table's View: the links that referred to a post, as embeds (240×500). */
export function ReferringLinksModal({ post, onClose }: { post: ReviewPost; onClose: () => void }) {
  const { t } = useTranslation('referrals');
  const { data, isError } = useQuery(referralsQuery(post.id));
  return (
    <ResponsiveModal
      opened
      onClose={onClose}
      size="xl"
      title={t('linksTitle', { count: data?.total ?? post.referralCount, creator: post.creator })}
    >
      {isError ? (
        <Text c="red">{t('loadFailed')}</Text>
      ) : !data ? (
        <Loader />
      ) : data.items.length === 0 ? (
        <Text c="dimmed">{t('noLinks')}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
          {data.items.map((r) => {
            const video = { ...embedOf(r.referringLink), link: r.referringLink };
            return (
              <Stack key={r.id} gap={4} align="center" data-testid="referring-link">
                <PostEmbed video={video} title={r.referringLink} size={REFERRAL_EMBED} />
                <ExternalLink href={r.referringLink} size="xs" maw={240} style={{ overflowWrap: 'anywhere' }}>
                  {r.referringLink}
                </ExternalLink>
              </Stack>
            );
          })}
        </SimpleGrid>
      )}
      {data && data.total > data.items.length && (
        <Text size="sm" c="dimmed" mt="sm">
          {t('moreLinks', { count: data.total - data.items.length })}
        </Text>
      )}
    </ResponsiveModal>
  );
}
