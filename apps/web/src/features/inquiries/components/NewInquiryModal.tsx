import { Modal, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { confirmDestructive } from '../../../components/confirm-destructive.tsx';
import { FormActions } from '../../../components/forms/FormActions.tsx';
import { LeaveGuard } from '../../../components/forms/LeaveGuard.tsx';
import { useSubmissionKey } from '../../../lib/api/submission-key.ts';
import { useFormMutation } from '../../../lib/api/use-form-mutation.ts';
import { type NewInquiryBody, useCreateInquiry } from '../api/inquiries.ts';
import {
  EMPTY_INQUIRY,
  type NewInquiryValues,
  newInquiryBodyOf,
  validateNewInquiry,
} from '../new-inquiry-values.ts';
import { InquiryChoicesGate } from './InquiryChoicesGate.tsx';
import { InquiryFields } from './InquiryFields.tsx';

/** Add Inquiry: staff add one by hand (Unseen), with the public form's fields; one per submission. */
export function NewInquiryModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('inquiries');
  const isPhone = useMediaQuery('(max-width: 48em)') ?? false;
  const form = useForm<NewInquiryValues>({ initialValues: EMPTY_INQUIRY, validate: validateNewInquiry });
  const submission = useSubmissionKey();
  const create = useCreateInquiry();
  const save = useFormMutation({
    form,
    mutationFn: (body: NewInquiryBody) =>
      create.mutateAsync({ body, idempotencyKey: submission.keyFor(body) }),
    onSuccess: ({ inquiry }) => {
      submission.succeeded();
      notifications.show({ color: 'green', message: t('form.created', { name: inquiry.fullName }) });
      onClose();
    },
  });
  const close = () => {
    if (!form.isDirty()) return onClose();
    confirmDestructive({
      title: t('form.discardTitle'),
      body: t('form.discardBody'),
      confirm: t('form.discard'),
      onConfirm: onClose,
      testId: 'confirm-discard',
    });
  };
  return (
    <Modal opened onClose={close} size="lg" fullScreen={isPhone} title={t('form.addTitle')}>
      <InquiryChoicesGate>
        {(choices) => (
          <form onSubmit={form.onSubmit((values) => save.submit(newInquiryBodyOf(values)))} noValidate>
            <Stack>
              <InquiryFields form={form} choices={choices} />
              <FormActions submitLabel={t('form.add')} loading={save.isPending} onCancel={close} />
            </Stack>
          </form>
        )}
      </InquiryChoicesGate>
      {form.isDirty() && <InquiryLeaveGuard />}
    </Modal>
  );
}

/** Mounted while an inquiry form has unsaved changes: leaving the page asks first. */
export function InquiryLeaveGuard() {
  const { t } = useTranslation('inquiries');
  return (
    <LeaveGuard
      texts={{
        title: t('form.discardTitle'),
        body: t('form.discardBody'),
        stay: t('cancel', { ns: 'common' }),
        leave: t('form.discard'),
      }}
      leaveTestId="confirm-leave-inquiry"
    />
  );
}
