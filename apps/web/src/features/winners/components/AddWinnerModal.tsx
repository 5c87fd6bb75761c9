import { Stack, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { createWinnerSchema } from '@preffy/domain';
import { useTranslation } from 'react-i18next';
import { ResponsiveModal } from '../../../components/ResponsiveModal.tsx';
import { FormActions } from '../../../components/forms/FormActions.tsx';
import { zodValidate } from '../../../components/forms/zod-validate.ts';
import { useSubmissionKey } from '../../../lib/api/submission-key.ts';
import { useFormMutation } from '../../../lib/api/use-form-mutation.ts';
import { type CreateWinnerBody, useCreateWinner } from '../api/winners.ts';

type Values = { email: string; paypal: string; isBanned: boolean };
const EMPTY: Values = { email: '', paypal: '', isBanned: false };

/**
 * Add A Winner: email, PayPal and Is Banned, checked with the domain's createWinnerSchema (the
 * server checks again and refuses an email already in the directory, shown on the email field).
 */
export function AddWinnerModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('winners');
  const form = useForm<Values>({ initialValues: EMPTY, validate: zodValidate<Values>(createWinnerSchema) });
  const submission = useSubmissionKey();
  const createWinner = useCreateWinner();
  const save = useFormMutation({
    form,
    mutationFn: (body: CreateWinnerBody) =>
      createWinner.mutateAsync({ body, idempotencyKey: submission.keyFor(body) }),
    onSuccess: ({ winner }) => {
      submission.succeeded();
      notifications.show({ color: 'green', message: t('added', { email: winner.email }) });
      form.reset();
      onClose();
    },
  });
  const close = () => {
    form.reset();
    onClose();
  };
  return (
    <ResponsiveModal opened={opened} onClose={close} title={t('addTitle')}>
      <form
        onSubmit={form.onSubmit((values) =>
          save.submit({
            email: values.email.trim(),
            paypal: values.paypal.trim(),
            isBanned: values.isBanned,
          }),
        )}
        noValidate
      >
        <Stack>
          <TextInput
            label={t('fields.email')}
            type="email"
            required
            data-autofocus
            {...form.getInputProps('email')}
          />
          <TextInput label={t('fields.paypal')} type="email" {...form.getInputProps('paypal')} />
          <Switch label={t('fields.isBanned')} {...form.getInputProps('isBanned', { type: 'checkbox' })} />
          <FormActions submitLabel={t('addSubmit')} loading={save.isPending} onCancel={close} />
        </Stack>
      </form>
    </ResponsiveModal>
  );
}
