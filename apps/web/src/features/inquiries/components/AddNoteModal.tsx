import { Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResponsiveModal } from '../../../components/ResponsiveModal.tsx';
import { FormActions } from '../../../components/forms/FormActions.tsx';
import { RichTextInput } from '../../../components/forms/RichTextInput.tsx';
import { closeDiscarding } from '../../../components/forms/discard-changes.tsx';
import { notifyError } from '../../../lib/api/client.ts';
import { useSubmissionKey } from '../../../lib/api/submission-key.ts';
import { useAddNote } from '../api/inquiries.ts';
import { useInquiryDiscardTexts } from '../discard-texts.ts';

/** Add A Note: the rich-text editor and Save; one note per submission. */
export function AddNoteModal({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation('inquiries');
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submission = useSubmissionKey();
  const add = useAddNote(id);
  // The editor's empty document is '<p></p>': a note needs some text.
  const isEmpty = (html: string) =>
    new DOMParser().parseFromString(html, 'text/html').body.textContent?.trim() === '';
  const discardTexts = useInquiryDiscardTexts();
  const close = () => closeDiscarding({ changed: !isEmpty(message), texts: discardTexts, close: onClose });
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
    <ResponsiveModal opened onClose={close} size="lg" title={t('notes.addTitle')}>
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
    </ResponsiveModal>
  );
}
