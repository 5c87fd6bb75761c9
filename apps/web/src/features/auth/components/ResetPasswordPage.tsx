import { Alert, Anchor, Button, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { auth } from '@preffy/api';
import { ApiError, call } from '../../../lib/api/client.ts';
import { useFormMutation } from '../../../lib/api/use-form-mutation.ts';
import { AuthCard } from '../../../components/AuthCard.tsx';
import { startSession } from '../../../lib/session.ts';
import { NewPasswordInput, checkNewPassword } from '../../../components/forms/NewPasswordInput.tsx';

/** The token comes in the URL fragment (#token=…), which browsers never send to a server. */
function tokenFromFragment(): string | null {
  return new URLSearchParams(window.location.hash.slice(1)).get('token');
}

/** An invitation's link says so (?welcome): the page greets a new user instead of a reset. */
const isInvitation = () => new URLSearchParams(window.location.search).has('welcome');

export function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [token] = useState(tokenFromFragment);
  const [welcome] = useState(isInvitation);
  const [invalid, setInvalid] = useState<string | null>(null);
  const form = useForm({
    initialValues: { password: '' },
    validate: { password: checkNewPassword },
  });
  const reset = useFormMutation({
    form,
    mutationFn: (password: string) => call(auth.resetPassword, { body: { token: token ?? '', password } }),
    // After the password is set: a failure here is not reported as a failed reset.
    onSuccess: async (answer) => {
      // The authenticator is still asked for: the mailbox is not the second factor.
      if ('twoStepRequired' in answer) return navigate({ to: '/login', search: { step: 'two-step' } });
      await startSession(queryClient);
      await navigate({ to: '/dashboard', hash: '' });
    },
    // A used or expired link: the card says so instead of the form.
    handle: (e) => {
      if (!(e instanceof ApiError && e.body.code === 'INVALID_TOKEN')) return false;
      setInvalid(e.fieldErrors().token ?? null);
      return true;
    },
  });
  const submit = form.onSubmit(({ password }) => reset.submit(password));
  return (
    <AuthCard title={welcome ? t('welcomeTitle') : t('resetTitle')}>
      {!token || invalid ? (
        <Alert color="red" role="alert">
          {invalid ?? t('missingToken')}
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack>
            <NewPasswordInput label={t('newPassword')} autoFocus {...form.getInputProps('password')} />
            <Button type="submit" loading={form.submitting}>
              {welcome ? t('setMyPassword') : t('savePassword')}
            </Button>
          </Stack>
        </form>
      )}
      <Anchor component={Link} to="/forgot-password" size="sm">
        {t('forgotPassword')}
      </Anchor>
    </AuthCard>
  );
}
