import { Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDestructive } from '../../../components/confirm-destructive.tsx';
import { FormActions } from '../../../components/forms/FormActions.tsx';
import { RichTextInput } from '../../../components/forms/RichTextInput.tsx';
import { notifyError } from '../../../lib/api/client.ts';
import { useSubmissionKey } from '../../../lib/api/submission-key.ts';
import { useIsPhone } from '../../../lib/use-is-phone.ts';
import { useAddNote } from '../api/inquiries.ts';

/** Add A Note: the rich-text editor and Save; one note per submission. */
export function AddNoteModal({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation('inquiries');
  const isPhone = useIsPhone();
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submission = useSubmissionKey();
  const add = useAddNote(id);
  // The editor's empty document is '<p></p>': a note needs some text.
  const isEmpty = (html: string) =>
    new DOMParser().parseFromString(html, 'text/html').body.textContent?.trim() === '';
  const close = () => {
    if (isEmpty(message)) return onClose();
    confirmDestructive({
      title: t('form.discardTitle'),
      body: t('form.discardBody'),
      confirm: t('form.discard'),
      onConfirm: onClose,
      testId: 'confirm-discard',
    });
  };
  const save = (event: FormEvent) => {
    event.preventDefault();
    if (isEmpty(message)) return setError(t('notes.required'));
    setError(null);
    add.mutate(
      { message, idempotencyKey: submission.keyFor(message) },
      {
        onSuccess: () => {
          submission.succeeded();
          notifications.show({ color: 'green', message: t('notes.added') });
          onClose();
        },
        onError: notifyError,
      },
    );
  };
  return (
    <Modal opened onClose={close} size="lg" fullScreen={isPhone} title={t('notes.addTitle')}>
      <form onSubmit={save} noValidate>
        <Stack>
          <RichTextInput label={t('notes.message')} value={message} onChange={setMessage} />
          {error && (
            <Text c="red" size="sm" role="alert">
              {error}
            </Text>
          )}
          <FormActions submitLabel={t('notes.save')} loading={add.isPending} onCancel={close} />
        </Stack>
      </form>
    </Modal>
  );
}
