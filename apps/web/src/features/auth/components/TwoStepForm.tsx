import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { auth } from '@preffy/api';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, call, describeError } from '../../../lib/api/client.ts';
import { useFormMutation } from '../../../lib/api/use-form-mutation.ts';
import type { User } from '../../../lib/session.ts';
import { FormError } from '../../../components/forms/FormError.tsx';

/**
 * The sign-in's second step: the code from the authenticator app, or a recovery code. The
 * ticket from the first step is an httpOnly cookie; when it has expired the user starts again.
 */
export function TwoStepForm({
  onSignedIn,
  onRestart,
}: {
  onSignedIn: (user: User) => void;
  onRestart: () => void;
}) {
  const { t } = useTranslation('auth');
  const [recovery, setRecovery] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { code: '' },
    validate: {
      code: (v) =>
        recovery
          ? v.replace(/[^a-z0-9]/gi, '').length === 8
            ? null
            : t('twoStep.recoveryFormat')
          : /^\d{6}$/.test(v.replace(/\s/g, ''))
            ? null
            : t('twoStep.codeFormat'),
    },
  });
  const verify = useFormMutation({
    form,
    mutationFn: async (values: { code: string }) => (await call(auth.twoStep, { body: values })).user,
    onSuccess: onSignedIn,
    handle: (e) => {
      if (!(e instanceof ApiError)) {
        setError(t('errors.network'));
        return true;
      }
      if (e.fieldErrors().code) return false;
      setError(describeError(e).message);
      return true;
    },
  });
  return (
    <form onSubmit={form.onSubmit((values) => (setError(null), verify.submit(values)))} noValidate>
      <Stack>
        <FormError testId="two-step-error">{error}</FormError>
        <Text size="sm">{recovery ? t('twoStep.recoveryIntro') : t('twoStep.intro')}</Text>
        <TextInput
          key={recovery ? 'recovery' : 'code'}
          label={recovery ? t('twoStep.recoveryCode') : t('twoStep.code')}
          inputMode={recovery ? 'text' : 'numeric'}
          autoComplete="one-time-code"
          maxLength={recovery ? 20 : 7}
          required
          autoFocus
          {...form.getInputProps('code')}
        />
        <Button type="submit" loading={form.submitting}>
          {t('twoStep.verify')}
        </Button>
        <Anchor
          component="button"
          type="button"
          size="sm"
          onClick={() => {
            setRecovery(!recovery);
            form.reset();
          }}
        >
          {recovery ? t('twoStep.useApp') : t('twoStep.useRecovery')}
        </Anchor>
        <Anchor component="button" type="button" size="sm" onClick={onRestart}>
          {t('backToSignIn')}
        </Anchor>
      </Stack>
    </form>
  );
}
