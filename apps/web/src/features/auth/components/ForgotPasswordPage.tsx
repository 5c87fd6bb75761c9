import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { auth } from '@preffy/api';
import { ApiError, call, describeError } from '../../../lib/api/client.ts';
import { useFormMutation } from '../../../lib/api/use-form-mutation.ts';
import { translateServerMessage } from '../../../lib/i18n/index.ts';
import { AuthCard } from '../../../components/AuthCard.tsx';

export function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const [sent, setSent] = useState<string | null>(null);
  const form = useForm({
    initialValues: { email: '' },
    validate: { email: (v) => (/^\S+@\S+\.\S+$/.test(v.trim()) ? null : t('emailInvalid')) },
  });
  const send = useFormMutation({
    form,
    mutationFn: (email: string) => call(auth.forgotPassword, { body: { email } }),
    onSuccess: (answer) => setSent(translateServerMessage(answer.message)),
    // Too many links for this address: say how long to wait, in the form.
    handle: (e) => {
      if (!(e instanceof ApiError && e.status === 429)) return false;
      form.setErrors({ email: describeError(e).message });
      return true;
    },
  });
  const submit = form.onSubmit((values) => send.submit(values.email.trim()));
  return (
    <AuthCard title={t('forgotTitle')}>
      {sent ? (
        <Alert color="green" role="status">
          {sent}
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack>
            <Text size="sm">{t('forgotHelp')}</Text>
            <TextInput label={t('email')} type="email" required autoFocus {...form.getInputProps('email')} />
            <Button type="submit" loading={form.submitting}>
              {t('sendLink')}
            </Button>
          </Stack>
        </form>
      )}
      <Anchor component={Link} to="/login" size="sm">
        {t('backToSignIn')}
      </Anchor>
    </AuthCard>
  );
}
