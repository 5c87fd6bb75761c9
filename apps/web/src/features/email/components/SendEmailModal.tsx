import { Alert, Button, Group, Modal, Progress, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BULK_TYPES, type BulkSelection, type BulkType, email } from '@preffy/api';
import { call } from '../../../lib/api/client.ts';
import { useSubmissionKey } from '../../../lib/api/submission-key.ts';
import { useFormMutation } from '../../../lib/api/use-form-mutation.ts';
import { currentLanguage } from '../../../lib/i18n/index.ts';
import { answersTyped, serverSearchFilter } from '../../../lib/server-search.ts';
import { bulkPreviewQuery, outboxMessageQuery, pickableCompetitionsQuery } from '../api/email.ts';
import { EmailPreview } from './EmailPreview.tsx';

/** What the modal opens with: the competitions' row menu opens it on an announcement. */
export type SendEmailInitial = { type: BulkType; competitionId: string };

/**
 * 'Send An Email To N Users': type, competition (only those that take entries are offered),
 * preview, then delivery progress. Every email is sent only once its preview is shown and the
 * number of people it goes to confirmed.
 */
export function SendEmailModal({
  selection,
  count,
  initial,
  onClose,
  onSent,
}: {
  selection: BulkSelection;
  count: number;
  initial?: SendEmailInitial;
  onClose: () => void;
  onSent: () => void;
}) {
  const { t } = useTranslation('email');
  const [type, setType] = useState<BulkType>(initial?.type ?? 'fancy');
  const [competitionId, setCompetitionId] = useState<string | null>(initial?.competitionId ?? null);
  const [competitionError, setCompetitionError] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 250);
  const [showPreview, setShowPreview] = useState(!!initial);
  // Shown preview and the confirmation line; any change of type or competition asks again.
  const [confirming, setConfirming] = useState(false);
  const announcing = type === 'new-competition';

  const competitions = useQuery(pickableCompetitionsQuery(debouncedSearch, competitionId));
  const preview = useQuery({
    ...bulkPreviewQuery(type, competitionId, currentLanguage()),
    enabled: showPreview,
  });
  // A second click or a retry of the same send reuses its key: subscribers are queued once.
  const submission = useSubmissionKey();
  const send = useFormMutation({
    // The one field the server can refuse is the competition's: its message shows on the Select.
    form: {
      getValues: () => ({ competitionId }),
      setErrors: (errors) => setCompetitionError(errors.competitionId ?? null),
    },
    mutationFn: (competitionId: string) => {
      const body = { type, competitionId, selection };
      return call(email.sendBulk, { body }, { idempotencyKey: submission.keyFor(body) });
    },
    onSuccess: () => {
      submission.succeeded();
      onSent();
    },
  });
  const messageId = send.data?.messageId;
  const progress = useQuery({
    ...outboxMessageQuery(messageId ?? ''),
    enabled: !!messageId,
    refetchInterval: (q) =>
      q.state.data && q.state.data.counts.queued + q.state.data.counts.sending === 0 ? false : 1000,
  });
  const counts = progress.data?.counts;
  const done = counts ? counts.sent + counts.rejected + counts.failed + counts.skipped + counts.unknown : 0;

  const submit = () => {
    if (!competitionId) return setCompetitionError(t('competitionRequired'));
    if (!confirming) {
      setShowPreview(true);
      setConfirming(true);
      return;
    }
    void send.submit(competitionId);
  };

  return (
    <Modal opened onClose={onClose} title={t('modalTitle', { count })} size="lg">
      {send.data ? (
        <Stack>
          <Alert color="green" role="status">
            {t('queued', { queued: send.data.queued, skipped: send.data.skipped })}
          </Alert>
          {counts && (
            <>
              <Progress
                value={progress.data!.recipients ? (100 * done) / progress.data!.recipients : 100}
                animated={done < progress.data!.recipients}
              />
              <Text size="sm" data-testid="send-progress">
                {t('progress', { ...counts, queued: counts.queued + counts.sending })}
              </Text>
            </>
          )}
          <Group justify="flex-end">
            <Button onClick={onClose}>{t('common.close')}</Button>
          </Group>
        </Stack>
      ) : (
        <Stack>
          <div>
            <Text size="sm" fw={500} mb={4} id="email-type-label">
              {t('type')}
            </Text>
            <SegmentedControl
              aria-labelledby="email-type-label"
              value={type}
              onChange={(v) => {
                setType(v as BulkType);
                setConfirming(false);
              }}
              data={BULK_TYPES.map((value) => ({ value, label: t(`types.${value}`) }))}
            />
          </div>
          <Select
            label={t('competition')}
            placeholder={t('competitionPlaceholder')}
            searchable
            required
            searchValue={search}
            onSearchChange={setSearch}
            filter={serverSearchFilter(answersTyped(search, debouncedSearch, competitions))}
            value={competitionId}
            onChange={(v) => {
              setCompetitionId(v);
              setCompetitionError(null);
              setConfirming(false);
            }}
            error={competitionError}
            nothingFoundMessage="—"
            data={(competitions.data?.items ?? []).map((c) => ({
              value: c.id,
              label: `${c.name} — ${c.organizer}`,
            }))}
          />
          <Group justify="space-between">
            <Button variant="default" onClick={() => setShowPreview((s) => !s)}>
              {t('preview')}
            </Button>
            <Group>
              <Button variant="default" onClick={onClose}>
                {t('cancel')}
              </Button>
              <Button onClick={submit} loading={send.isPending} data-testid="send-email">
                {confirming ? t('announce.confirm', { count }) : t('send')}
              </Button>
            </Group>
          </Group>
          {confirming && (
            <Alert color="blue" data-testid="send-confirmation">
              {t(announcing ? 'announce.body' : 'announce.sendBody', { count })}
            </Alert>
          )}
          {showPreview && preview.data && <EmailPreview email={preview.data} />}
        </Stack>
      )}
    </Modal>
  );
}
