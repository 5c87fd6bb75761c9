import { Alert, List, Stack, Text } from '@mantine/core';
import { type FinishReadiness, isEarlyFinish } from '@preffy/api';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../../../lib/format.ts';

/** What is not ready about the competition, one sentence each (empty when it is ready to finish). */
export function useEarlyFinishReasons(readiness: FinishReadiness): string[] {
  const { t } = useTranslation('finish');
  if (!isEarlyFinish(readiness)) return [];
  const reasons: string[] = [];
  if (readiness.daysLeft !== null)
    reasons.push(t('early.running', { count: readiness.daysLeft, n: formatCount(readiness.daysLeft) }));
  if (readiness.unreviewedPosts > 0)
    reasons.push(
      t('early.unreviewed', { count: readiness.unreviewedPosts, n: formatCount(readiness.unreviewedPosts) }),
    );
  if (readiness.leaderboardStale)
    reasons.push(
      readiness.leaderboardComputedAt === null ? t('early.noLeaderboard') : t('early.staleLeaderboard'),
    );
  return reasons;
}

/** The competition's state above the wizard while finishing it would be early (decision 0104). */
export function EarlyFinishAlert({ readiness }: { readiness: FinishReadiness }) {
  const { t } = useTranslation('finish');
  const reasons = useEarlyFinishReasons(readiness);
  if (reasons.length === 0) return null;
  return (
    <Alert
      color="orange"
      icon={<IconAlertTriangle />}
      title={t('early.title')}
      data-testid="early-finish"
      role="status"
    >
      <List size="sm">
        {reasons.map((reason) => (
          <List.Item key={reason}>{reason}</List.Item>
        ))}
      </List>
      <Text size="sm" mt="xs">
        {t('early.hint')}
      </Text>
    </Alert>
  );
}

/**
 * A step's confirmation: when it would finish early, what is wrong first; then the question and
 * what else to know (the prizes left unpaid).
 */
export function EarlyFinishConfirmBody({
  reasons,
  question,
  note = null,
}: {
  reasons: string[];
  question: string;
  note?: string | null;
}) {
  const { t } = useTranslation('finish');
  return (
    <Stack gap="xs">
      {reasons.length > 0 && (
        <Stack gap="xs" data-testid="early-finish-confirm">
          <Text fw={600} c="orange.8">
            {t('early.confirmLead')}
          </Text>
          <Text>{reasons.join(' ')}</Text>
        </Stack>
      )}
      <Text>{question}</Text>
      {note && <Text data-testid="confirm-note">{note}</Text>}
    </Stack>
  );
}
