import { Button, Stack, Text } from '@mantine/core';
import { type Competition, type CreatorMetric, leaderboard } from '@preffy/api';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PostCountInput } from '../../../components/forms/PostCountInput.tsx';
import { type Column, ServerTable } from '../../../components/table/ServerTable.tsx';
import { useServerTable } from '../../../components/table/use-server-table.ts';
import { ApiError, describeError } from '../../../lib/api/client.ts';
import { formatCount } from '../../../lib/format.ts';
import { CREATOR_METRICS_TABLE_KEY, useSetCreatorMetric } from '../api/leaderboard.ts';
import { platformName } from '../../../lib/labels.ts';
import { ExternalLink } from '../../../components/ExternalLink.tsx';

/** A creator is a handle on a platform. */
export const creatorKey = (row: Pick<CreatorMetric, 'creator' | 'platform'>) =>
  `${row.platform}:${row.creator}`;

/** What a row's editor holds beyond the server's row. */
type RowEdit = {
  /** The input ('' while empty). */
  value: number | string;
  /** The value last saved from this screen: the button reads Updated while the input still shows it. */
  saved?: number;
  /** The stored metric's version as this screen last learned it (a save or a 409). */
  version?: number;
  /** Someone else saved in between: what they saved. */
  conflict?: number | null;
  /** The save failed for another reason. */
  error?: string;
};

/**
 * The Creators tab of Entries: each creator's handle (their profile, in a new tab), posts, the
 * sum of the competition's metric over their posts, and the Metric staff may set instead; Update
 * turns into a disabled Updated once saved, until the value changes again.
 */
export function CreatorsTable({ competition, canEdit }: { competition: Competition; canEdit: boolean }) {
  const { t } = useTranslation('leaderboard');
  const [edits, setEdits] = useState<Record<string, RowEdit>>({});
  const [saving, setSaving] = useState<string | null>(null);
  const setMetric = useSetCreatorMetric(competition.id);
  const table = useServerTable({
    key: CREATOR_METRICS_TABLE_KEY,
    endpoint: leaderboard.creatorMetrics,
    pathParams: { id: competition.id },
    pageSizes: [10, 25, 50],
    extra: { competition: competition.id },
  });
  const patch = (key: string, change: Partial<RowEdit>) =>
    setEdits((all) => ({ ...all, [key]: { ...all[key]!, ...change } }));
  const valueOf = (row: CreatorMetric) => edits[creatorKey(row)]?.value ?? row.metric ?? row.computed;

  const save = async (row: CreatorMetric) => {
    const key = creatorKey(row);
    const value = valueOf(row);
    if (typeof value !== 'number') return patch(key, { value, error: t('creators.required') });
    const version = edits[key]?.version ?? row.version;
    setSaving(key);
    try {
      const { metric } = await setMetric.mutateAsync({
        creator: row.creator,
        platform: row.platform,
        metric: value,
        version,
      });
      patch(key, { value, saved: value, version: metric.version, conflict: undefined, error: undefined });
    } catch (error) {
      if (error instanceof ApiError && error.body.code === 'VERSION_CONFLICT') {
        const current = error.body.current as Partial<CreatorMetric> | undefined;
        patch(key, {
          value,
          conflict: current?.metric ?? null,
          // Update again saves this value over theirs, knowingly.
          ...(typeof current?.version === 'number' ? { version: current.version } : {}),
          error: undefined,
        });
      } else patch(key, { value, error: describeError(error).message });
    } finally {
      setSaving(null);
    }
  };

  const columns: Column<CreatorMetric>[] = [
    {
      key: 'creator',
      title: t('creators.handle'),
      cell: (r) =>
        r.profileUrl ? (
          <ExternalLink href={r.profileUrl} size="sm">
            {r.creator}
          </ExternalLink>
        ) : (
          r.creator
        ),
    },
    { key: 'platform', title: t('columns.platform'), text: (row) => platformName(row.platform) },
    { key: 'email', title: t('columns.email'), hidden: true },
    { key: 'postCount', title: t('board.posts'), textAlign: 'right', cell: (r) => formatCount(r.postCount) },
    {
      key: 'computed',
      title: t('creators.computed', {
        metric: t(`metrics.${competition.metric === 'views' ? 'views' : 'likes'}`),
      }),
      textAlign: 'right',
      cell: (r) => formatCount(r.computed),
    },
    {
      key: 'metric',
      title: t('creators.metric'),
      csv: (r) => r.metric ?? '',
      // The value and its Update button belong together.
      pinned: canEdit,
      cell: (r) => {
        const key = creatorKey(r);
        const edit = edits[key];
        if (!canEdit) return r.metric === null ? '' : formatCount(r.metric);
        return (
          <Stack gap={2} miw={140}>
            <PostCountInput
              size="xs"
              aria-label={t('creators.metricOf', { creator: r.creator })}
              value={valueOf(r)}
              onChange={(value) =>
                setEdits((all) => ({ ...all, [key]: { ...all[key], value, error: undefined } }))
              }
              error={edit?.error}
            />
            {edit?.conflict !== undefined && (
              <Text size="xs" c="orange" role="alert" data-testid="metric-conflict">
                {edit.conflict === null
                  ? t('creators.conflictRemoved')
                  : t('creators.conflict', { value: formatCount(edit.conflict) })}
              </Text>
            )}
          </Stack>
        );
      },
    },
    ...(canEdit
      ? [
          {
            key: 'update',
            title: t('creators.update'),
            csv: false as const,
            pinned: true,
            cell: (r: CreatorMetric) => {
              const key = creatorKey(r);
              const edit = edits[key];
              const updated = edit?.saved !== undefined && edit.value === edit.saved;
              return (
                <Button
                  size="xs"
                  variant={updated ? 'default' : 'filled'}
                  disabled={updated}
                  loading={saving === key}
                  onClick={() => void save(r)}
                  aria-label={t(updated ? 'creators.updatedOf' : 'creators.updateOf', { creator: r.creator })}
                >
                  {updated ? t('creators.updated') : t('creators.update')}
                </Button>
              );
            },
          },
        ]
      : []),
  ];
  return (
    <ServerTable
      table={table}
      columns={columns}
      idKey={creatorKey}
      search={{ label: t('creators.search'), width: 280 }}
      csv={{ filename: 'creators.csv' }}
      emptyText={t('creators.empty')}
    />
  );
}
