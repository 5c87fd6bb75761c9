import { Anchor } from '@mantine/core';
import type { Column } from '../table/ServerTable.tsx';
import { formatCount } from '../../lib/format.ts';
import { i18n } from '../../lib/i18n/index.ts';

/** The post's link column: 'Open' in a new tab (the CSV gets the address). */
export const linkColumn = <T extends { link: string }>(title: string): Column<T> => ({
  key: 'link',
  title,
  cell: (p) => (
    <Anchor href={p.link} target="_blank" rel="noopener noreferrer" size="sm">
      {i18n.t('open')}
    </Anchor>
  ),
});

/** A count (likes, views, comments): right-aligned, in the user's language, sortable by the server. */
export const countColumn = <T,>(
  key: { [K in keyof T]: T[K] extends number | null ? K : never }[keyof T] & string,
  title: string,
  options: { sortable?: boolean } = {},
): Column<T> => ({
  key,
  title,
  ...(options.sortable === false ? {} : { sortKey: key }),
  textAlign: 'right',
  cell: (row) => formatCount(row[key] as number | null),
});
