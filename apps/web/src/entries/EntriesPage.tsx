import {
  Anchor,
  Badge,
  Button,
  Group,
  Loader,
  Stack,
  Switch,
  Tabs,
  Text,
  Title,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { abbreviateCount, roleMeets } from '@preffy/domain';
import { IconDownload, IconFileImport, IconPlus } from '@tabler/icons-react';
import { type Competition, type LeaderboardEntry, type Post, leaderboard, posts } from '@preffy/api';
import { useQueryClient } from '@tanstack/react-query';
import { DataTable } from 'mantine-datatable';
import { Suspense, lazy, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../api/client.ts';
import { useMe } from '../auth/session.ts';
import { useCompetition } from '../competitions/api.ts';
import { formatUsd } from '../competitions/format.ts';
import { currentLanguage } from '../i18n/index.ts';
import { NotFoundPage } from '../shell/StatusPages.tsx';
import { exportCsv } from '../table/export-csv.ts';
import { SearchInput } from '../table/SearchInput.tsx';
import { useServerTable, useTableTexts } from '../table/use-server-table.ts';
import { AddPostModal } from './AddPostModal.tsx';
import { LEADERBOARD_TABLE_KEY, POSTS_TABLE_KEY, entriesKeys } from './api.ts';
import { ImportPostsModal } from './ImportPostsModal.tsx';
import { JobButton } from './JobButton.tsx';

// The chart library loads only when someone opens a history.
const SnapshotsModal = lazy(() =>
  import('./SnapshotsModal.tsx').then((m) => ({ default: m.SnapshotsModal })),
);

const dateTime = (ms: number | null) =>
  ms === null
    ? ''
    : new Date(ms).toLocaleString(currentLanguage(), { dateStyle: 'short', timeStyle: 'short' });

/** Entries (/table-update?id=): a competition's posts and leaderboard, with the refresh jobs. */
export function EntriesPage({
  id,
  tab,
  onTabChange,
}: {
  id: string | undefined;
  tab: string;
  onTabChange: (tab: string) => void;
}) {
  const { t } = useTranslation();
  const me = useMe();
  const queryClient = useQueryClient();
  const competition = useCompetition(id);
  const refreshPosts = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: entriesKeys.posts }),
    [queryClient],
  );
  const refreshBoard = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: entriesKeys.leaderboard }),
    [queryClient],
  );
  if (!id || competition.isError) return <NotFoundPage />;
  const c = competition.data?.competition;
  if (!c) return <Loader />;
  const isStaff = roleMeets(me.role, 'staff');
  return (
    <Stack>
      <Group justify="space-between" align="start">
        <div>
          <Title order={1} size="h2">
            {t('entries.title', { name: c.name || c.organizer })}
          </Title>
          <Text c="dimmed" size="sm">
            {c.organizer} ·{' '}
            {t('entries.metric', {
              metric: t(`competitions.metrics.${c.metric === 'views' ? 'views' : 'likes'}`),
            })}
          </Text>
        </div>
        <Group align="start">
          <JobButton
            competitionId={c.id}
            kind="refresh-views"
            label={t('entries.updateViews')}
            canStart={isStaff}
            onFinished={refreshPosts}
          />
          <JobButton
            competitionId={c.id}
            kind="update-leaderboard"
            label={t('entries.updateLeaderboard')}
            canStart={isStaff}
            onFinished={refreshBoard}
          />
        </Group>
      </Group>
      <Tabs value={tab} onChange={(v) => v && onTabChange(v)}>
        <Tabs.List>
          <Tabs.Tab value="posts">{t('entries.tabs.posts')}</Tabs.Tab>
          <Tabs.Tab value="leaderboard">{t('entries.tabs.leaderboard')}</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      {tab === 'leaderboard' ? (
        <LeaderboardTable competition={c} />
      ) : (
        <PostsTable competition={c} canEdit={isStaff} />
      )}
    </Stack>
  );
}

function PostsTable({ competition, canEdit }: { competition: Competition; canEdit: boolean }) {
  const { t } = useTranslation();
  const tableTexts = useTableTexts();
  const [failedOnly, setFailedOnly] = useState(false);
  const [addOpen, add] = useDisclosure(false);
  const [importOpen, importer] = useDisclosure(false);
  const [historyOf, setHistoryOf] = useState<Post | null>(null);
  const table = useServerTable({
    key: POSTS_TABLE_KEY,
    endpoint: posts.list,
    pathParams: { id: competition.id },
    sortBy: 'createdAt',
    sortDirection: 'desc',
    extra: { failedOnly: failedOnly ? 'true' : undefined, competition: competition.id },
  });
  const columns = [
    { title: t('entries.columns.creator'), value: (p: Post) => p.creator },
    { title: t('entries.columns.email'), value: (p: Post) => p.email },
    { title: t('entries.columns.platform'), value: (p: Post) => p.platform },
    { title: t('entries.columns.link'), value: (p: Post) => p.link },
    { title: t('entries.columns.likes'), value: (p: Post) => p.likes },
    { title: t('entries.columns.views'), value: (p: Post) => p.views },
    { title: t('entries.columns.comments'), value: (p: Post) => p.comments },
    { title: t('entries.columns.checked'), value: (p: Post) => dateTime(p.statsCheckedAt) },
    { title: t('entries.columns.problem'), value: (p: Post) => p.statsError ?? '' },
  ];
  return (
    <Stack>
      <Group justify="space-between">
        <Group>
          <SearchInput
            label={t('entries.search')}
            value={table.search}
            onChange={table.setSearch}
            width={280}
          />
          <Switch
            label={t('entries.failedOnly')}
            checked={failedOnly}
            onChange={(e) => setFailedOnly(e.currentTarget.checked)}
          />
        </Group>
        <Group>
          {canEdit && (
            <>
              <Button variant="default" leftSection={<IconPlus size={16} />} onClick={add.open}>
                {t('entries.addPost')}
              </Button>
              <Button variant="default" leftSection={<IconFileImport size={16} />} onClick={importer.open}>
                {t('entries.import')}
              </Button>
            </>
          )}
          <Button
            variant="default"
            leftSection={<IconDownload size={16} />}
            onClick={() =>
              void exportCsv({
                source: { endpoint: posts.list, pathParams: { id: competition.id } },
                params: table.params,
                columns,
                filename: 'posts.csv',
              }).catch(notifyError)
            }
          >
            {t('users.exportCsv')}
          </Button>
        </Group>
      </Group>
      <DataTable<Post>
        withTableBorder
        highlightOnHover
        minHeight={200}
        noRecordsText={t('entries.noPosts')}
        {...tableTexts}
        {...table.tableProps}
        recordsPerPageOptions={[10, 25, 50]}
        columns={[
          { accessor: 'creator', title: t('entries.columns.creator'), sortable: true },
          { accessor: 'email', title: t('entries.columns.email') },
          {
            accessor: 'platform',
            title: t('entries.columns.platform'),
            render: (p) => (
              <Group gap={4} wrap="nowrap">
                {p.platform}
                {p.source === 'genni' && <Badge size="xs">Genni</Badge>}
              </Group>
            ),
          },
          {
            accessor: 'link',
            title: t('entries.columns.link'),
            render: (p) => (
              <Anchor href={p.link} target="_blank" rel="noopener noreferrer" size="sm">
                {t('entries.open')}
              </Anchor>
            ),
          },
          {
            accessor: 'likes',
            title: t('entries.columns.likes'),
            sortable: true,
            textAlign: 'right',
            render: (p) => p.likes.toLocaleString(currentLanguage()),
          },
          {
            accessor: 'views',
            title: t('entries.columns.views'),
            sortable: true,
            textAlign: 'right',
            // The post's numbers at each refresh, charted.
            render: (p) => (
              <UnstyledButton
                onClick={() => setHistoryOf(p)}
                aria-label={t('entries.history.open', { creator: p.creator })}
                data-testid="views-history"
                td="underline dotted"
                fz="sm"
              >
                {abbreviateCount(p.views)}
              </UnstyledButton>
            ),
          },
          { accessor: 'comments', title: t('entries.columns.comments'), textAlign: 'right' },
          {
            accessor: 'statsCheckedAt',
            title: t('entries.columns.checked'),
            render: (p) => dateTime(p.statsCheckedAt),
          },
          {
            accessor: 'statsError',
            title: t('entries.columns.problem'),
            render: (p) =>
              p.statsError ? (
                <Tooltip label={p.statsError} multiline w={320}>
                  <Text size="sm" c="red" lineClamp={2} data-testid="stats-error">
                    {p.statsError}
                  </Text>
                </Tooltip>
              ) : null,
          },
        ]}
      />
      {addOpen && <AddPostModal competitionId={competition.id} onClose={add.close} />}
      {importOpen && <ImportPostsModal competitionId={competition.id} onClose={importer.close} />}
      {historyOf && (
        <Suspense fallback={<Loader />}>
          <SnapshotsModal post={historyOf} onClose={() => setHistoryOf(null)} />
        </Suspense>
      )}
    </Stack>
  );
}

function LeaderboardTable({ competition }: { competition: Competition }) {
  const { t } = useTranslation();
  const tableTexts = useTableTexts();
  const table = useServerTable({
    key: LEADERBOARD_TABLE_KEY,
    endpoint: leaderboard.list,
    pathParams: { id: competition.id },
    sortBy: 'rank',
    extra: { competition: competition.id },
  });
  const computedAt = (table.query.data as { computedAt?: number | null } | undefined)?.computedAt ?? null;
  const columns = [
    { title: t('entries.board.rank'), value: (r: LeaderboardEntry) => r.rank },
    { title: t('entries.columns.creator'), value: (r: LeaderboardEntry) => r.creator },
    { title: t('entries.columns.platform'), value: (r: LeaderboardEntry) => r.platform },
    { title: t('entries.columns.email'), value: (r: LeaderboardEntry) => r.email },
    { title: t('entries.board.posts'), value: (r: LeaderboardEntry) => r.postCount },
    { title: t('entries.columns.likes'), value: (r: LeaderboardEntry) => r.likes },
    { title: t('entries.columns.views'), value: (r: LeaderboardEntry) => r.views },
    { title: t('entries.board.creativity'), value: (r: LeaderboardEntry) => r.creativityScore },
    {
      title: t('entries.board.prize'),
      value: (r: LeaderboardEntry) => (r.prizeLabel ? `${r.prizeLabel}: ${r.prizeAmount}` : ''),
    },
    { title: t('entries.board.why'), value: (r: LeaderboardEntry) => r.reason },
    { title: t('entries.board.flags'), value: (r: LeaderboardEntry) => r.flags.join('; ') },
  ];
  return (
    <Stack>
      <Group justify="space-between">
        <Group>
          <SearchInput
            label={t('entries.searchBoard')}
            value={table.search}
            onChange={table.setSearch}
            width={280}
          />
          <Text size="sm" c="dimmed" data-testid="board-computed">
            {computedAt
              ? t('entries.board.computedAt', { at: dateTime(computedAt) })
              : t('entries.board.never')}
          </Text>
        </Group>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} />}
          onClick={() =>
            void exportCsv({
              source: { endpoint: leaderboard.list, pathParams: { id: competition.id } },
              params: table.params,
              columns,
              filename: 'leaderboard.csv',
            }).catch(notifyError)
          }
        >
          {t('users.exportCsv')}
        </Button>
      </Group>
      <DataTable<LeaderboardEntry>
        withTableBorder
        highlightOnHover
        minHeight={200}
        idAccessor="rank"
        noRecordsText={t('entries.board.empty')}
        {...tableTexts}
        {...table.tableProps}
        recordsPerPageOptions={[10, 25, 50]}
        columns={[
          { accessor: 'rank', title: t('entries.board.rank'), sortable: true },
          { accessor: 'creator', title: t('entries.columns.creator'), sortable: true },
          { accessor: 'platform', title: t('entries.columns.platform') },
          { accessor: 'postCount', title: t('entries.board.posts'), sortable: true, textAlign: 'right' },
          {
            accessor: 'likes',
            title: t('entries.columns.likes'),
            sortable: true,
            textAlign: 'right',
            render: (r) => r.likes.toLocaleString(currentLanguage()),
          },
          {
            accessor: 'views',
            title: t('entries.columns.views'),
            sortable: true,
            textAlign: 'right',
            render: (r) => abbreviateCount(r.views),
          },
          {
            accessor: 'creativityScore',
            title: t('entries.board.creativity'),
            sortable: true,
            textAlign: 'right',
          },
          {
            accessor: 'prizeLabel',
            title: t('entries.board.prize'),
            render: (r) => (r.prizeLabel ? `${r.prizeLabel} (${formatUsd(r.prizeAmount ?? 0)})` : ''),
          },
          {
            accessor: 'reason',
            title: t('entries.board.why'),
            render: (r) => <Text size="xs">{r.reason}</Text>,
          },
          {
            accessor: 'flags',
            title: t('entries.board.flags'),
            render: (r) => (
              <Group gap={2}>
                {r.flags.map((f) => (
                  <Badge key={f} color="red" variant="light" size="xs">
                    {f}
                  </Badge>
                ))}
              </Group>
            ),
          },
        ]}
      />
    </Stack>
  );
}
