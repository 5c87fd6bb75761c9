import { Anchor } from '@mantine/core';
import type { Column } from '../table/ServerTable.tsx';
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
