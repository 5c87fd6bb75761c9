import { Center, Paper, Text } from '@mantine/core';
import { embedUrl } from '@preffy/domain';
import { useTranslation } from 'react-i18next';
import { ExternalLink } from '../ExternalLink.tsx';

/** The review cards' size (doc 2 section 9); the referral screens use 240×500. */
export const REVIEW_EMBED = { width: 330, height: 740 } as const;
export const REFERRAL_EMBED = { width: 240, height: 500 } as const;

/**
 * A post's video in its platform's own embed player (an iframe from one of EMBED_ORIGINS, the
 * only hosts the CSP lets us frame; no platform script runs on our page), or a plain link when
 * the video cannot be embedded. The frame loads when it scrolls into view.
 */
export function PostEmbed({
  video,
  title,
  size = REVIEW_EMBED,
}: {
  /** Where the video is: its platform and id there (null when the link names none), and its link. */
  video: { platform: string; postId: string | null; link: string };
  /** The frame's accessible name, e.g. the creator's handle. */
  title: string;
  size?: { width: number; height: number };
}) {
  const { t } = useTranslation();
  const src = embedUrl(video.platform, video.postId);
  if (!src)
    return (
      <Paper withBorder w="100%" maw={size.width} h={size.height / 4} p="md">
        <Center h="100%">
          <Text size="sm" ta="center">
            {t('embed.cannotEmbed')} <ExternalLink href={video.link}>{t('embed.openVideo')}</ExternalLink>
          </Text>
        </Center>
      </Paper>
    );
  return (
    <iframe
      src={src}
      title={title}
      width={size.width}
      height={size.height}
      style={{ border: 0, maxWidth: '100%', borderRadius: 8 }}
      loading="lazy"
      allow="encrypted-media; picture-in-picture; fullscreen"
      allowFullScreen
      // The app sends no referrer anywhere; some players refuse to play without the origin.
      referrerPolicy="strict-origin-when-cross-origin"
    />
  );
}
