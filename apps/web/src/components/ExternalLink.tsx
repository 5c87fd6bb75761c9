import { Anchor, type AnchorProps } from '@mantine/core';
import type { ComponentPropsWithoutRef } from 'react';

type ExternalLinkProps = AnchorProps &
  Omit<ComponentPropsWithoutRef<'a'>, keyof AnchorProps | 'target' | 'rel'>;

/**
 * A link to another site (a post, a profile, a song): it opens in a new tab, and that site gets
 * neither a handle on this window (noopener) nor the admin address it came from (noreferrer).
 */
export function ExternalLink(props: ExternalLinkProps) {
  return <Anchor target="_blank" rel="noopener noreferrer" {...props} />;
}
