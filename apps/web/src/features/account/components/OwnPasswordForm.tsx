import { Group, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormMutation } from '../../../lib/api/use-form-mutation.ts';

/**
 * A step that needs the user's own password (two-step setup, turning it off, new recovery
 * codes): the reason, the password, and the buttons `actions` draws (given whether it is sending).
 */
export function OwnPasswordForm<Answer>({
  intro,
  mutationFn,
  onSuccess,
  actions,
}: {
  intro: string;
  mutationFn: (body: { password: string }) => Promise<Answer>;
  onSuccess: (answer: Answer) => void;
  actions: (sending: boolean) => ReactNode;
}) {
  const { t } = useTranslation('account');
  const form = useForm({
    initialValues: { password: '' },
    validate: { password: (v) => (v ? null : t('twoStep.passwordRequired')) },
  });
  const submit = useFormMutation({ form, mutationFn, onSuccess });
  return (
    <form onSubmit={form.onSubmit((values) => submit.submit(values))} noValidate>
      <Stack>
        <Text size="sm">{intro}</Text>
        <PasswordInput
          label={t('twoStep.password')}
          autoComplete="current-password"
          required
          data-autofocus
          {...form.getInputProps('password')}
        />
        <Group justify="flex-end">{actions(submit.isPending)}</Group>
      </Stack>
    </form>
  );
}
