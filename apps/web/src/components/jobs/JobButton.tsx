import { Button, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Job, JobKind } from '@preffy/api';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { latestJobQuery, useCancelJob, useStartJob } from '../../lib/api/jobs.ts';
import { jobFailuresText } from './refresh-failures.ts';

const isOpen = (job: Job | null | undefined) => job?.status === 'queued' || job?.status === 'running';

/**
 * Update Views / Update Leaderboard: starts the job, then follows its progress (done / total,
 * failures) with a bar until it ends. The job lives on the server, so a reloaded page picks
 * it up again; it can be cancelled.
 */
export function JobButton({
  competitionId,
  kind,
  canStart,
  onFinished,
}: {
  competitionId: string;
  kind: JobKind;
  canStart: boolean;
  onFinished: () => void;
}) {
  const { t } = useTranslation();
  const label = t(`job.kinds.${kind}`);
  const { data } = useQuery({
    ...latestJobQuery(competitionId, kind),
    refetchInterval: (q) => (isOpen(q.state.data?.job) ? 1000 : false),
  });
  const job = data?.job;
  const wasOpen = useRef(false);
  useEffect(() => {
    if (wasOpen.current && job && !isOpen(job)) {
      onFinished();
      notifications.show({
        color: job.status === 'done' ? (job.failed ? 'yellow' : 'green') : 'gray',
        message: [
          t(`job.finished.${job.status === 'done' ? 'done' : 'stopped'}`, {
            done: job.done,
            failed: job.failed,
            total: job.total,
          }),
          jobFailuresText(job),
        ]
          .filter(Boolean)
          .join(' '),
      });
    }
    wasOpen.current = isOpen(job);
  }, [job, onFinished, t]);
  const start = useStartJob(competitionId, kind);
  const cancel = useCancelJob(competitionId, kind);
  const running = isOpen(job);
  const finished = job ? job.done + job.failed : 0;
  const failures = job ? jobFailuresText(job) : null;
  return (
    <Stack gap={4} miw={220}>
      <Group gap="xs">
        <Button onClick={() => start.mutate()} loading={start.isPending} disabled={!canStart || running}>
          {label}
        </Button>
        {running && job && canStart && (
          <Button variant="subtle" color="red" size="compact-sm" onClick={() => cancel.mutate(job.id)}>
            {t('job.cancel')}
          </Button>
        )}
      </Group>
      {job && (running || job.finishedAt) && (
        <>
          <Progress
            value={job.total ? (finished / job.total) * 100 : running ? 0 : 100}
            animated={running}
            aria-label={label}
            color={job.failed ? 'yellow' : undefined}
          />
          <Text size="xs" c="dimmed" data-testid={`job-${kind}`}>
            {t(`job.status.${job.status}`, { done: job.done, failed: job.failed, total: job.total })}
          </Text>
          {failures && (
            <Text size="xs" c="orange.9" data-testid={`job-${kind}-failures`}>
              {failures}
            </Text>
          )}
        </>
      )}
    </Stack>
  );
}

/**
 * The heading of a screen that works on one competition's posts (entries, post review): its title
 * and a line under it, with Update Views and Update Leaderboard side by side on the right. Each job
 * says when it finished, so the screen refetches what it changed.
 */
export function CompetitionJobsHeader(props: {
  title: string;
  subtitle: string;
  competitionId: string;
  canStart: boolean;
  onViewsUpdated: () => void;
  onLeaderboardUpdated: () => void;
}) {
  return (
    <Group justify="space-between" align="start">
      <div>
        <Title order={1} size="h2">
          {props.title}
        </Title>
        <Text c="dimmed" size="sm">
          {props.subtitle}
        </Text>
      </div>
      <Group align="start">
        <JobButton
          competitionId={props.competitionId}
          kind="refresh-views"
          canStart={props.canStart}
          onFinished={props.onViewsUpdated}
        />
        <JobButton
          competitionId={props.competitionId}
          kind="update-leaderboard"
          canStart={props.canStart}
          onFinished={props.onLeaderboardUpdated}
        />
      </Group>
    </Group>
  );
}
