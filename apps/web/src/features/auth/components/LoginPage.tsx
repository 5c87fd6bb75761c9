import { Anchor, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { auth } from '@preffy/api';
import { ApiError, call, describeError } from '../../../lib/api/client.ts';
import { useFormMutation } from '../../../lib/api/use-form-mutation.ts';
import { setLanguage } from '../../../lib/i18n/index.ts';
import { AuthCard } from '../../../components/AuthCard.tsx';
import { type User, startSession } from '../../../lib/session.ts';
import { TwoStepForm } from './TwoStepForm.tsx';
import { FormError } from '../../../components/forms/FormError.tsx';

export function LoginPage({
  redirect,
  link,
  twoStep = false,
}: {
  redirect?: string;
  link?: string;
  twoStep?: boolean;
}) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // After a right password (or a sign-in link) for an account with two-step verification.
  const [codeStep, setCodeStep] = useState(twoStep);
  const [error, setError] = useState<string | null>(link === 'invalid' ? t('linkInvalid') : null);
  const form = useForm({
    initialValues: { email: '', password: '' },
    validate: {
      email: (v) => (/^\S+@\S+$/.test(v.trim()) ? null : t('emailInvalid')),
      password: (v) => (v ? null : t('passwordRequired')),
    },
  });

  // After the sign-in succeeded: a failure here is not reported as a failed sign-in.
  const enter = async (user: User) => {
    await startSession(queryClient);
    if (user.language) await setLanguage(user.language);
    // Only same-site paths: an open redirect would let a link send users anywhere.
    const target = redirect?.startsWith('/') && !redirect.startsWith('//') ? redirect : '/dashboard';
    await navigate({ to: target });
  };

  const signIn = useFormMutation({
    form,
    mutationFn: (values: { email: string; password: string }) => call(auth.login, { body: values }),
    onSuccess: async (answer) => {
      if ('twoStepRequired' in answer) return setCodeStep(true);
      await enter(answer.user);
    },
    // Every sign-in failure shows in the card's alert, not on the fields.
    handle: (e) => {
      if (!(e instanceof ApiError)) setError(t('errors.network'));
      // A sign-in lockout says how long to wait: its reason has a text of its own.
      else setError(describeError(e).message);
      return true;
    },
  });
  const submit = form.onSubmit((values) => {
    setError(null);
    return signIn.submit(values);
  });

  if (codeStep)
    return (
      <AuthCard title={t('twoStep.title')}>
        <TwoStepForm
          onSignedIn={(user) => void enter(user)}
          onRestart={() => {
            setCodeStep(false);
            form.setFieldValue('password', '');
          }}
        />
      </AuthCard>
    );

  return (
    <AuthCard title={t('signInTitle')}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <FormError testId="login-error">{error}</FormError>
          <TextInput
            label={t('email')}
            type="email"
            autoComplete="username"
            required
            autoFocus
            {...form.getInputProps('email')}
          />
          <PasswordInput
            label={t('password')}
            autoComplete="current-password"
            required
            {...form.getInputProps('password')}
          />
          <Button type="submit" loading={form.submitting}>
            {t('signIn')}
          </Button>
          <Anchor component={Link} to="/forgot-password" size="sm">
            {t('forgotPassword')}
          </Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
}
