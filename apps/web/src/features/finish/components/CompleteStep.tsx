import { Alert, Anchor, Button, Group, List, Stack, Text, Title } from '@mantine/core';
import { dialogs } from '../../../lib/dialogs.ts';
import type { Finish, Payment } from '@preffy/api';
import { IconCircleCheck } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../lib/api/client.ts';
import { useSubmissionKey } from '../../../lib/api/submission-key.ts';
import { formatUsd } from '../../../lib/format.ts';
import { useMe } from '../../../lib/session.ts';
import { useCompleteFinish } from '../api/finish.ts';
import { useFormatTimestamp } from '../../../lib/session.ts';
import { DownloadCsvButton } from './DownloadCsvButton.tsx';
import { EarlyFinishConfirmBody, useEarlyFinishReasons } from './EarlyFinishWarning.tsx';
import { PayoutFiles } from './PayoutFiles.tsx';
import { PaypalPanel } from './PaypalPanel.tsx';
import { ToBePaidTable } from './ToBePaidTable.tsx';

type Outcome = {
  marked: { count: number; items: Payment[] };
  unmatched: { count: number; items: Payment[] };
};

/**
 * Step 3, Mark As Completed: the To Be Paid payments whose payment email is in a downloaded
 * file become Paid and the competition is completed (after a confirmation; safe to repeat).
 * Then what was marked and what did not match, and where to look next.
 */
export function CompleteStep({ finish }: { finish: Finish }) {
  const { t } = useTranslation('finish');
  const formatTime = useFormatTimestamp();
  const id = finish.competitionId;
  const isAdmin = useMe().role === 'admin';
  const complete = useCompleteFinish(id);
  const submissionKey = useSubmissionKey();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const done = finish.step === 'done';
  const earlyReasons = useEarlyFinishReasons(finish.readiness);

  const run = async () => {
    const idempotencyKey = submissionKey.keyFor({ id, version: finish.version });
    try {
      const answer = await complete.mutateAsync({
        version: finish.version,
        finishEarly: earlyReasons.length > 0,
        idempotencyKey,
      });
      submissionKey.succeeded();
      setOutcome({ marked: answer.marked, unmatched: answer.unmatched });
    } catch (error) {
      notifyError(error);
    }
  };
  const ask = () =>
    dialogs.openConfirmModal({
      title: t('complete.confirmTitle'),
      children: <EarlyFinishConfirmBody reasons={earlyReasons} question={t('complete.confirmBody')} />,
      labels: {
        confirm: earlyReasons.length ? t('early.complete') : t('complete.button'),
        cancel: t('cancel', { ns: 'common' }),
      },
      confirmProps: { 'data-testid': 'confirm-complete' },
      onConfirm: () => void run(),
    });

  return (
    <Stack>
      {done ? (
        <Alert
          color="green"
          icon={<IconCircleCheck />}
          data-testid="finish-done"
          title={t('complete.doneTitle')}
        >
          <Stack gap="xs">
            <Text size="sm">
              {finish.completedAt
                ? t('complete.doneBody', {
                    at: formatTime(finish.completedAt),
                    by: finish.completedByName ?? '—',
                  })
                : t('complete.doneTitle')}
            </Text>
            <Group gap="md">
              <Anchor
                renderRoot={(props) => <Link {...props} to="/preffy/payments" search={{ tab: 'sent' }} />}
              >
                {t('complete.paymentsLink')}
              </Anchor>
              {isAdmin && (
                <Anchor renderRoot={(props) => <Link {...props} to="/preffy/outbox" />}>
                  {t('complete.outboxLink')}
                </Anchor>
              )}
            </Group>
          </Stack>
        </Alert>
      ) : (
        <>
          <Text>{t('complete.intro')}</Text>
          <ToBePaidTable competitionId={id} />
          <Group>
            <Button onClick={ask} loading={complete.isPending} data-testid="mark-completed">
              {t('complete.button')}
            </Button>
            <DownloadCsvButton finish={finish} variant="default" />
          </Group>
        </>
      )}
      {done && (
        <Stack gap="xs">
          <Text size="sm" c="dimmed">
            {t('complete.stillOwed')}
          </Text>
          <ToBePaidTable competitionId={id} />
          <Group>
            <DownloadCsvButton finish={finish} variant="default" />
          </Group>
        </Stack>
      )}
      {outcome && <CompleteOutcome outcome={outcome} />}
      <PayoutFiles files={finish.files} />
      <PaypalPanel finish={finish} />
    </Stack>
  );
}

/** What Mark As Completed marked Paid and which payments matched no downloaded row. */
function CompleteOutcome({ outcome }: { outcome: Outcome }) {
  const { t } = useTranslation('finish');
  const line = (p: Payment) => `${p.paymentEmail} — ${formatUsd(p.amount)}`;
  const more = (shown: number, count: number) =>
    count > shown && (
      <Text size="sm" c="dimmed">
        {t('complete.more', { count: count - shown })}
      </Text>
    );
  return (
    <Stack gap="sm" data-testid="complete-outcome">
      <Title order={2} size="h4">
        {t('complete.marked', { count: outcome.marked.count })}
      </Title>
      {outcome.marked.items.length > 0 && (
        <List size="sm" data-testid="marked-list">
          {outcome.marked.items.map((p) => (
            <List.Item key={p.id}>{line(p)}</List.Item>
          ))}
        </List>
      )}
      {more(outcome.marked.items.length, outcome.marked.count)}
      <Title order={2} size="h4">
        {t('complete.unmatched', { count: outcome.unmatched.count })}
      </Title>
      {outcome.unmatched.items.length > 0 ? (
        <List size="sm" data-testid="unmatched-list">
          {outcome.unmatched.items.map((p) => (
            <List.Item key={p.id}>{line(p)}</List.Item>
          ))}
        </List>
      ) : (
        <Text size="sm" c="dimmed">
          {t('complete.allMatched')}
        </Text>
      )}
      {more(outcome.unmatched.items.length, outcome.unmatched.count)}
    </Stack>
  );
}
