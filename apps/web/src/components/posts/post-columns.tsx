import type { Column } from '../table/ServerTable.tsx';
import { i18n } from '../../lib/i18n/index.ts';
import { ExternalLink } from '../ExternalLink.tsx';

/** The post's link column: 'Open' in a new tab (the CSV gets the address). */
export const linkColumn = <T extends { link: string }>(title: string): Column<T> => ({
  key: 'link',
  title,
  cell: (p) => (
    <ExternalLink href={p.link} size="sm">
      {i18n.t('open')}
    </ExternalLink>
  ),
});
