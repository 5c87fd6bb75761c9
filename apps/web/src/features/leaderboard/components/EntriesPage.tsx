import {
  Badge,
  Button,
  Group,
  Loader,
  Stack,
  Switch,
  Tabs,
  Text,
  Tooltip,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { roleMeets } from '@preffy/domain';
import { IconFileImport, IconPlus } from '@tabler/icons-react';
import { type Competition, type LeaderboardEntry, type Post, leaderboard, posts } from '@preffy/api';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, lazy, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../../lib/session.ts';
import { useCompetition } from '../../../lib/api/competition.ts';
import { formatCompactCount, formatUsd } from '../../../lib/format.ts';
import { NotFoundPage } from '../../../components/StatusPages.tsx';
import { type Column, ServerTable } from '../../../components/table/ServerTable.tsx';
import { useServerTable } from '../../../components/table/use-server-table.ts';
import { useUrlFilter } from '../../../components/table/use-table-state.ts';
import { AddPostModal } from './AddPostModal.tsx';
import { LEADERBOARD_TABLE_KEY, POSTS_TABLE_KEY, leaderboardKeys } from '../api/leaderboard.ts';
import { ImportPostsModal } from './ImportPostsModal.tsx';
import { CompetitionJobsHeader } from '../../../components/jobs/JobButton.tsx';
import { CreatorsTable } from './CreatorsTable.tsx';
import { linkColumn } from '../../../components/posts/post-columns.tsx';
import { countColumn } from '../../../components/table/number-columns.ts';
import { useFormatTimestamp } from '../../../lib/session.ts';
import { platformName } from '../../../lib/labels.ts';
import { whyHere } from '../why-here.ts';
import type { EntriesTab } from '../entries-tabs.ts';
import { viewsText } from '../../../components/posts/views-text.ts';
import { refreshFailureText } from '../../../components/jobs/refresh-failures.ts';

// The chart library loads only when someone opens a history.
const SnapshotsModal = lazy(() =>
  import('./SnapshotsModal.tsx').then((m) => ({ default: m.SnapshotsModal })),
);

/** A refresh time, or nothing when the post was never refreshed. */
function useDateTime() {
  const format = useFormatTimestamp();
  return (ms: number | null) => (ms === null ? '' : format(ms));
}

/** Entries (/table-update?id=): a competition's posts, leaderboard and creators, with the refresh jobs. */
export function EntriesPage({
  id,
  tab,
  onTabChange,
}: {
  id: string | undefined;
  tab: EntriesTab;
  onTabChange: (tab: EntriesTab) => void;
}) {
  const { t } = useTranslation('leaderboard');
  const me = useMe();
  const queryClient = useQueryClient();
  const competition = useCompetition(id);
  const refreshPosts = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: leaderboardKeys.posts }),
    [queryClient],
  );
  const refreshBoard = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: leaderboardKeys.leaderboard }),
    [queryClient],
  );
  if (!id || competition.isError) return <NotFoundPage />;
  const c = competition.data?.competition;
  if (!c) return <Loader />;
  const isStaff = roleMeets(me.role, 'staff');
  const metric = t('metric', { metric: t(`metrics.${c.metric === 'views' ? 'views' : 'likes'}`) });
  return (
    <Stack>
      <CompetitionJobsHeader
        title={t('title', { name: c.name || c.organizer })}
        subtitle={`${c.organizer} · ${metric}`}
        competitionId={c.id}
        canStart={isStaff}
        onViewsUpdated={refreshPosts}
        onLeaderboardUpdated={refreshBoard}
      />
      <Tabs value={tab} onChange={(v) => v && onTabChange(v as EntriesTab)}>
        <Tabs.List>
          <Tabs.Tab value="posts">{t('tabs.posts')}</Tabs.Tab>
          <Tabs.Tab value="leaderboard">{t('tabs.leaderboard')}</Tabs.Tab>
          <Tabs.Tab value="creators">{t('tabs.creators')}</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      {tab === 'leaderboard' ? (
        <LeaderboardTable competition={c} />
      ) : tab === 'creators' ? (
        <CreatorsTable competition={c} canEdit={isStaff} />
      ) : (
        <PostsTable competition={c} canEdit={isStaff} />
      )}
    </Stack>
  );
}

function PostsTable({ competition, canEdit }: { competition: Competition; canEdit: boolean }) {
  const dateTime = useDateTime();
  const { t } = useTranslation('leaderboard');
  const [failed, setFailed] = useUrlFilter<boolean>('failed');
  const [addOpen, add] = useDisclosure(false);
  const [importOpen, importer] = useDisclosure(false);
  const [historyOf, setHistoryOf] = useState<Post | null>(null);
  const table = useServerTable({
    key: POSTS_TABLE_KEY,
    endpoint: posts.list,
    pathParams: { id: competition.id },
    sortBy: 'createdAt',
    sortDirection: 'desc',
    pageSizes: [10, 25, 50],
    extra: { failedOnly: failed ? 'true' : undefined, competition: competition.id },
  });
  const columns: Column<Post>[] = [
    { key: 'creator', title: t('columns.creator'), sortKey: 'creator' },
    { key: 'email', title: t('columns.email') },
    {
      key: 'platform',
      title: t('columns.platform'),
      csv: (p) => platformName(p.platform),
      cell: (p) => (
        <Group gap={4} wrap="nowrap">
          {platformName(p.platform)}
          {p.source === 'genni' && <Badge size="xs">Genni</Badge>}
        </Group>
      ),
    },
    linkColumn(t('columns.link')),
    countColumn('likes', t('columns.likes')),
    {
      key: 'views',
      title: t('columns.views'),
      sortKey: 'views',
      textAlign: 'right',
      // The post's numbers at each refresh, charted.
      cell: (p) => (
        // Named by its visible number first, then what it does (WCAG 2.5.3, label in name).
        <UnstyledButton
          onClick={() => setHistoryOf(p)}
          data-testid="views-history"
          td="underline dotted"
          fz="sm"
        >
          {viewsText(p, formatCompactCount)}
          <VisuallyHidden> {t('history.open', { creator: p.creator })}</VisuallyHidden>
        </UnstyledButton>
      ),
    },
    countColumn('comments', t('columns.comments'), { sortable: false }),
    { key: 'statsCheckedAt', title: t('columns.checked'), text: (p) => dateTime(p.statsCheckedAt) },
    {
      key: 'statsError',
      title: t('columns.problem'),
      csv: (p) => p.statsError ?? '',
      cell: (p) =>
        p.statsError ? (
          <Tooltip label={p.statsError} multiline w={320}>
            {/* The reason in words; the provider's own, for staff who dig, in the tooltip. */}
            <Text size="sm" c="red" lineClamp={2} data-testid="stats-error">
              {p.statsFailure ? refreshFailureText(p.statsFailure) : p.statsError}
            </Text>
          </Tooltip>
        ) : null,
    },
  ];
  return (
    <Stack>
      <ServerTable
        table={table}
        columns={columns}
        search={{ label: t('search'), width: 280 }}
        toolbar={
          <Switch
            label={t('failedOnly')}
            checked={failed === true}
            onChange={(e) => setFailed(e.currentTarget.checked || undefined)}
          />
        }
        actions={
          canEdit && (
            <>
              <Button variant="default" leftSection={<IconPlus size={16} />} onClick={add.open}>
                {t('addPost')}
              </Button>
              <Button variant="default" leftSection={<IconFileImport size={16} />} onClick={importer.open}>
                {t('import')}
              </Button>
            </>
          )
        }
        csv={{ filename: 'posts.csv' }}
        // An empty list says why: the filter, or no entries at all yet.
        emptyText={failed ? t('noFailedPosts') : t('noPosts')}
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
  const dateTime = useDateTime();
  const { t } = useTranslation('leaderboard');
  const table = useServerTable({
    key: LEADERBOARD_TABLE_KEY,
    endpoint: leaderboard.list,
    pathParams: { id: competition.id },
    sortBy: 'rank',
    pageSizes: [10, 25, 50],
    extra: { competition: competition.id },
  });
  const computedAt = (table.query.data as { computedAt?: number | null } | undefined)?.computedAt ?? null;
  const columns: Column<LeaderboardEntry>[] = [
    { key: 'rank', title: t('board.rank'), sortKey: 'rank' },
    { key: 'creator', title: t('columns.creator'), sortKey: 'creator' },
    { key: 'platform', title: t('columns.platform'), text: (r) => platformName(r.platform) },
    { key: 'email', title: t('columns.email'), hidden: true },
    countColumn('postCount', t('board.posts')),
    countColumn('likes', t('columns.likes')),
    {
      key: 'views',
      title: t('columns.views'),
      sortKey: 'views',
      textAlign: 'right',
      cell: (r) => formatCompactCount(r.views),
    },
    countColumn('creativityScore', t('board.creativity')),
    {
      key: 'prizeLabel',
      title: t('board.prize'),
      cell: (r) => (r.prizeLabel ? `${r.prizeLabel} (${formatUsd(r.prizeAmount ?? 0)})` : ''),
      csv: (r) => (r.prizeLabel ? `${r.prizeLabel}: ${r.prizeAmount}` : ''),
    },
    {
      key: 'reason',
      title: t('board.why'),
      cell: (r) => <Text size="xs">{whyHere(t, r.reason)}</Text>,
      csv: (r) => whyHere(t, r.reason),
    },
    {
      key: 'flags',
      title: t('board.flags'),
      csv: (r) => r.flags.join('; '),
      cell: (r) => (
        <Group gap={2}>
          {r.flags.map((f) => (
            <Badge key={f} color="red" variant="light" size="xs">
              {f}
            </Badge>
          ))}
        </Group>
      ),
    },
  ];
  return (
    <ServerTable
      table={table}
      columns={columns}
      idKey="rank"
      search={{ label: t('searchBoard'), width: 280 }}
      toolbar={
        <Text size="sm" c="dimmed" data-testid="board-computed">
          {computedAt ? t('board.computedAt', { at: dateTime(computedAt) }) : t('board.never')}
        </Text>
      }
      csv={{ filename: 'leaderboard.csv' }}
      emptyText={t('board.empty')}
    />
  );
}
