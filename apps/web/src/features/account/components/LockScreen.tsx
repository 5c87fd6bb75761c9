import { Anchor, Avatar, Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { auth } from '@preffy/api';
import { useTranslation } from 'react-i18next';
import { api, call } from '../../../lib/api/client.ts';
import { useFormMutation } from '../../../lib/api/use-form-mutation.ts';
import { useAccount, useMe } from '../../../lib/session.ts';
import { AuthCard } from '../../../components/AuthCard.tsx';
import { useUnlock } from '../api/account.ts';

/** Signs out and goes to the sign-in page (from the lock screen and the two-step gate). */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    await call(auth.logout).catch(() => undefined);
    api.resetCsrf();
    queryClient.clear();
    await navigate({ to: '/login', search: { signedOut: 1 } });
  };
}

/**
 * The lock screen (issue 17): after the idle time, or 'Lock screen' in the user menu. Nothing of
 * the app is rendered behind it, and the server answers nothing but the unlock (423) until the
 * password is given, so a reload or another tab shows it too.
 */
export function LockScreen() {
  const { t } = useTranslation('account');
  const me = useMe();
  const account = useAccount();
  const unlock = useUnlock();
  const signOut = useSignOut();
  const form = useForm({
    initialValues: { password: '' },
    validate: { password: (v) => (v ? null : t('lock.passwordRequired')) },
  });
  const submit = useFormMutation({ form, mutationFn: unlock.mutateAsync });
  return (
    <AuthCard title={t('lock.title')}>
      <Group wrap="nowrap">
        <Avatar src={account.avatarUrl} name={me.name} color="initials" size="lg" alt="" />
        <Stack gap={0} miw={0}>
          <Text fw={600}>{me.name}</Text>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {me.email}
          </Text>
        </Stack>
      </Group>
      <Text size="sm">{t('lock.body')}</Text>
      <form onSubmit={form.onSubmit((values) => submit.submit(values))} noValidate>
        <Stack>
          {/* The username field lets password managers fill the right account. */}
          <input type="hidden" autoComplete="username" value={me.email} readOnly />
          <PasswordInput
            label={t('lock.password')}
            autoComplete="current-password"
            required
            autoFocus
            {...form.getInputProps('password')}
          />
          <Button type="submit" loading={unlock.isPending}>
            {t('lock.unlock')}
          </Button>
          <Anchor component="button" type="button" size="sm" onClick={() => void signOut()}>
            {t('lock.signOut')}
          </Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
}
