import { Alert, Button, Group, Modal, Stack, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { type BulkSelection, OUTREACH_LIMITS, email, outreachBodySchema } from '@preffy/api';
import { zodValidate } from '../../../components/forms/zod-validate.ts';
import { call } from '../../../lib/api/client.ts';
import { useSubmissionKey } from '../../../lib/api/submission-key.ts';
import { useFormMutation } from '../../../lib/api/use-form-mutation.ts';

type OutreachValues = { subject: string; text: string };

/**
 * The plain-text outreach (doc 1 section 7): a subject and the admin's own text, sent as
 * text/plain only to the selected subscribers; the outbox skips unsubscribed and banned ones.
 */
export function OutreachModal({
  selection,
  count,
  onClose,
  onSent,
}: {
  selection: BulkSelection;
  count: number;
  onClose: () => void;
  onSent: () => void;
}) {
  const { t } = useTranslation('email');
  const form = useForm<OutreachValues>({
    initialValues: { subject: '', text: '' },
    validate: zodValidate(outreachBodySchema.pick({ subject: true, text: true })),
  });
  // A second click or a retry of the same text reuses its key: nobody gets it twice.
  const submission = useSubmissionKey();
  const send = useFormMutation({
    form,
    mutationFn: (values: OutreachValues) => {
      const body = { ...values, selection };
      return call(email.sendOutreach, { body }, { idempotencyKey: submission.keyFor(body) });
    },
    onSuccess: () => {
      submission.succeeded();
      onSent();
    },
  });

  return (
    <Modal opened onClose={onClose} title={t('outreach.title', { count })} size="lg">
      {send.data ? (
        <Stack>
          <Alert color="green" role="status">
            {t('queued', { queued: send.data.queued, skipped: send.data.skipped })}
          </Alert>
          <Group justify="flex-end">
            <Button onClick={onClose}>{t('common.close')}</Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={form.onSubmit((values) => send.submit(values))} noValidate>
          <Stack>
            <TextInput
              label={t('outreach.subject')}
              required
              maxLength={OUTREACH_LIMITS.subject}
              {...form.getInputProps('subject')}
            />
            <Textarea
              label={t('outreach.text')}
              description={t('outreach.textHint')}
              required
              rows={8}
              maxLength={OUTREACH_LIMITS.text}
              {...form.getInputProps('text')}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                {t('cancel')}
              </Button>
              <Button type="submit" loading={send.isPending} data-testid="send-outreach">
                {t('send')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
