import { Badge, Stack, Tabs, Text, Tooltip } from '@mantine/core';
import type { AdminPost } from '@preffy/api';
import { roleMeets } from '@preffy/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { type Column, type MenuItem, ServerTable } from '../../../components/table/ServerTable.tsx';
import { useMe } from '../../../lib/session.ts';
import { EditPostModal } from './EditPostModal.tsx';
import { ViewPostModal } from './ViewPostModal.tsx';
import { linkColumn } from '../../../components/posts/post-columns.tsx';
import { countColumn } from '../../../components/table/number-columns.ts';
import { useAllPostsTable } from '../../../components/posts/use-all-posts-table.ts';
import { platformName } from '../../../lib/labels.ts';
import type { PostsAdminTab } from '../posts-admin-tabs.ts';

/**
 * Posts admin (/preffy/posts): every post the user may see, Active or Inactive (deleted), with
 * search, sort, pages of 10, 25 or 50 and CSV. View plays the video; staff Edit it.
 */
export function PostsAdminPage({
  tab,
  onTabChange,
}: {
  tab: PostsAdminTab;
  onTabChange: (tab: PostsAdminTab) => void;
}) {
  const { t } = useTranslation('posts');
  const me = useMe();
  const canEdit = roleMeets(me.role, 'staff');
  const [viewing, setViewing] = useState<AdminPost | null>(null);
  const [editing, setEditing] = useState<AdminPost | null>(null);
  const table = useAllPostsTable({ deleted: tab === 'inactive' ? 'true' : 'false' });
  const yesNo = (value: boolean) => t(value ? 'common.yes' : 'common.no', { ns: 'common' });

  const columns: Column<AdminPost>[] = [
    {
      key: 'id',
      title: t('columns.id'),
      // The whole id is in the CSV and the tooltip; eight characters tell rows apart on screen.
      cell: (p) => (
        <Tooltip label={p.id}>
          <Text size="sm" ff="monospace">
            {p.id.slice(0, 8)}
          </Text>
        </Tooltip>
      ),
    },
    { key: 'creator', title: t('columns.creator'), sortKey: 'creator' },
    { key: 'email', title: t('columns.email'), sortKey: 'email' },
    countColumn('likes', t('columns.likes')),
    linkColumn(t('columns.link')),
    {
      key: 'deleted',
      title: t('columns.deleted'),
      csv: (p) => yesNo(p.deleted),
      cell: (p) =>
        p.deleted ? (
          <Badge color="red" variant="light">
            {p.deletedReason ? t(`reasons.${p.deletedReason}`) : yesNo(true)}
          </Badge>
        ) : (
          yesNo(false)
        ),
    },
    { key: 'competitionName', title: t('columns.competition') },
    { key: 'platform', title: t('columns.platform'), hidden: true, csv: (p) => platformName(p.platform) },
  ];
  const menu = (p: AdminPost): MenuItem[] => [
    { label: t('menu.view'), onClick: () => setViewing(p) },
    ...(canEdit ? [{ label: t('menu.edit'), onClick: () => setEditing(p) }] : []),
  ];

  return (
    <Stack>
      <PageHeader title={t('nav.posts')} />
      <Tabs value={tab} onChange={(v) => v && onTabChange(v as PostsAdminTab)}>
        <Tabs.List>
          <Tabs.Tab value="active">{t('tabs.active')}</Tabs.Tab>
          <Tabs.Tab value="inactive">{t('tabs.inactive')}</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      <ServerTable
        table={table}
        columns={columns}
        search={{ label: t('search'), width: 300 }}
        csv={{ filename: tab === 'inactive' ? 'inactive-posts.csv' : 'posts.csv' }}
        emptyText={tab === 'inactive' ? t('empty.inactive') : t('empty.active')}
        rowMenu={{ items: menu, label: (p) => p.creator }}
      />
      {viewing && <ViewPostModal post={viewing} onClose={() => setViewing(null)} />}
      {editing && <EditPostModal post={editing} onClose={() => setEditing(null)} />}
    </Stack>
  );
}
