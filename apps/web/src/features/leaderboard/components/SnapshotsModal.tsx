import { Loader, Modal, Text } from '@mantine/core';
import type { Post } from '@preffy/api';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PictureLineChart } from '../../../components/charts/picture-charts.tsx';
import { useFormatTimestamp } from '../../../lib/session.ts';
import { snapshotsQuery } from '../api/leaderboard.ts';

/** A post's numbers at each refresh: growth over time, and any sudden spike, at a glance. */
export function SnapshotsModal({ post, onClose }: { post: Post; onClose: () => void }) {
  const { t } = useTranslation('leaderboard');
  const { data } = useQuery(snapshotsQuery(post.id));
  const formatTime = useFormatTimestamp();
  const points = (data?.items ?? []).map((s) => ({
    ...s,
    when: formatTime(s.at),
  }));
  return (
    <Modal opened onClose={onClose} size="xl" title={t('history.title', { creator: post.creator })}>
      {!data ? (
        <Loader />
      ) : points.length < 2 ? (
        <Text c="dimmed">{t('history.tooFew')}</Text>
      ) : (
        <PictureLineChart
          h={300}
          data={points}
          dataKey="when"
          withLegend
          series={[
            { name: 'views', label: t('columns.views'), color: 'blue.6' },
            { name: 'likes', label: t('columns.likes'), color: 'pink.6' },
          ]}
          aria-label={t('history.title', { creator: post.creator })}
          data-testid="snapshot-chart"
        />
      )}
    </Modal>
  );
}
