import { Anchor } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';

/**
 * A link to an earlier entry of the same video on the posts page, found by its link (a
 * removed entry is in the Inactive tab): where a duplicate flag or a refused entry points.
 */
export function EarlierEntryLink({
  link,
  removed,
  size = 'sm',
  children,
}: {
  link: string;
  removed: boolean;
  size?: 'xs' | 'sm';
  children: ReactNode;
}) {
  return (
    <Anchor
      size={size}
      renderRoot={(props) => (
        <Link {...props} to="/preffy/posts" search={{ tab: removed ? 'inactive' : 'active', search: link }} />
      )}
    >
      {children}
    </Anchor>
  );
}
