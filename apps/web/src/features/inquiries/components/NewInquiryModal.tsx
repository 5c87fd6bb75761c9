import { Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { ResponsiveModal } from '../../../components/ResponsiveModal.tsx';
import { FormActions } from '../../../components/forms/FormActions.tsx';
import { DiscardLeaveGuard, closeDiscarding } from '../../../components/forms/discard-changes.tsx';
import { useSubmissionKey } from '../../../lib/api/submission-key.ts';
import { useFormMutation } from '../../../lib/api/use-form-mutation.ts';
import { type NewInquiryBody, useCreateInquiry } from '../api/inquiries.ts';
import { useInquiryDiscardTexts } from '../discard-texts.ts';
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
  const discardTexts = useInquiryDiscardTexts();
  const close = () => closeDiscarding({ changed: form.isDirty(), texts: discardTexts, close: onClose });
  return (
    <ResponsiveModal opened onClose={close} size="lg" title={t('form.addTitle')}>
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
    </ResponsiveModal>
  );
}

/** Mounted while an inquiry form has unsaved changes: leaving the page asks first. */
export function InquiryLeaveGuard() {
  return <DiscardLeaveGuard texts={useInquiryDiscardTexts()} leaveTestId="confirm-leave-inquiry" />;
}
