import { Button, Chip, Group, Text } from '@mantine/core';
import { dialogs } from '../../../lib/dialogs.ts';
import { notifications } from '@mantine/notifications';
import { type ReviewPost, posts } from '@preffy/api';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Column, ServerTable } from '../../../components/table/ServerTable.tsx';
import { useServerTable } from '../../../components/table/use-server-table.ts';
import { ApiError, call, notifyError } from '../../../lib/api/client.ts';
import { currentLanguage } from '../../../lib/i18n/index.ts';
import { useBusinessTimeZone } from '../../../lib/session.ts';
import { FLAGGED_TABLE_KEY, reviewKeys, useRestorePost } from '../api/review.ts';
import { flagMessage } from '../flag-messages.ts';
import { FlagList } from './FlagList.tsx';
import { ExternalLink } from '../../../components/ExternalLink.tsx';
import { TitledSection } from '../../../components/TitledSection.tsx';

/** The posts the automatic flags took out of the queue, with why; staff restore them. */
export function FlaggedPosts({ competitionId, canAct }: { competitionId: string; canAct: boolean }) {
  const { t } = useTranslation('posts');
  const timeZone = useBusinessTimeZone();
  const language = currentLanguage();
  const queryClient = useQueryClient();
  const restore = useRestorePost(competitionId);
  // The posts grouped by signal; choosing one shows only the removed posts with it.
  const [signal, setSignal] = useState<string>('');
  const groups = useQuery({
    queryKey: [...reviewKeys.flagged, 'signals', competitionId],
    queryFn: () => call(posts.signals, { params: { id: competitionId } }),
  });
  const table = useServerTable({
    key: FLAGGED_TABLE_KEY,
    endpoint: posts.flagged,
    pathParams: { id: competitionId },
    pageSizes: [10, 25, 50],
    extra: { competition: competitionId, signal: signal || undefined },
  });
  const count = (n: number) => new Intl.NumberFormat(language).format(n);
  const askRestore = (post: ReviewPost) =>
    dialogs.openConfirmModal({
      title: t('flagged.restoreTitle'),
      children: <Text>{t('flagged.restoreBody', { creator: post.creator })}</Text>,
      labels: { confirm: t('flagged.restore'), cancel: t('cancel') },
      confirmProps: { 'data-testid': 'confirm-restore' },
      onConfirm: () =>
        restore.mutate(
          { post, version: post.version },
          {
            onSuccess: () => notifications.show({ color: 'green', message: t('flagged.restored') }),
            onError: (error) => {
              notifyError(error);
              // A stale row (someone restored or changed it): show the list as it is now.
              if (error instanceof ApiError && error.status === 409)
                void queryClient.invalidateQueries({ queryKey: reviewKeys.flagged });
            },
          },
        ),
    });
  const columns: Column<ReviewPost>[] = [
    { key: 'creator', title: t('flagged.columns.creator') },
    { key: 'email', title: t('flagged.columns.email') },
    {
      key: 'link',
      title: t('flagged.columns.link'),
      csv: (p) => p.link,
      cell: (p) => (
        <ExternalLink href={p.link} size="sm">
          {t('card.link')}
        </ExternalLink>
      ),
    },
    { key: 'likes', title: t('flagged.columns.likes'), textAlign: 'right', cell: (p) => count(p.likes) },
    { key: 'views', title: t('flagged.columns.views'), textAlign: 'right', cell: (p) => count(p.views) },
    {
      key: 'flags',
      title: t('flagged.columns.flags'),
      csv: (p) => p.flags.map((f) => flagMessage(f, { t, language, timeZone })).join('; '),
      cell: (p) => <FlagList flags={p.flags} colorOf={() => 'red'} testId="flagged-messages" />,
    },
    ...(canAct
      ? [
          {
            key: 'actions',
            title: t('flagged.columns.actions'),
            csv: false as const,
            cell: (p: ReviewPost) => (
              <Button
                size="compact-sm"
                variant="light"
                onClick={() => askRestore(p)}
                aria-label={`${t('flagged.restore')}: ${p.creator}`}
              >
                {t('flagged.restore')}
              </Button>
            ),
          },
        ]
      : []),
  ];
  return (
    <TitledSection id="flagged-title" title={t('flagged.title')} intro={t('flagged.intro')}>
      {(groups.data?.signals.length ?? 0) > 0 && (
        <Chip.Group
          multiple={false}
          value={signal}
          onChange={(value) => setSignal(value === signal ? '' : value)}
        >
          <Group gap="xs" aria-label={t('flagged.bySignal')} role="group" data-testid="flagged-signals">
            <Chip value="" variant="outline">
              {t('flagged.allSignals')}
            </Chip>
            {groups.data!.signals.map((group) => (
              <Chip key={group.code} value={group.code} variant="outline">
                {t('flagged.signalCount', {
                  signal: t(`flags.${group.code}.title`),
                  removed: count(group.removed),
                  live: count(group.live),
                })}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      )}
      <ServerTable
        table={table}
        columns={columns}
        search={{ label: t('flagged.search'), width: 280 }}
        csv={{ filename: 'flagged-posts.csv' }}
        emptyText={t('flagged.empty')}
      />
    </TitledSection>
  );
}
