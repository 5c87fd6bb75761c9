import { Button, Card, Group, PasswordInput, Select, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import type { User } from '@preffy/api';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { NewPasswordInput, checkNewPassword } from '../../../components/forms/NewPasswordInput.tsx';
import { UnsavedLeaveGuard } from '../../../components/forms/LeaveGuard.tsx';
import { useFormMutation } from '../../../lib/api/use-form-mutation.ts';
import { LANGUAGES, type Language, currentLanguage, setLanguage } from '../../../lib/i18n/index.ts';
import { browserTimeZone, useAccount, useMe } from '../../../lib/session.ts';
import { useChangePassword, useUpdateProfile } from '../api/account.ts';
import { AvatarInput } from './AvatarInput.tsx';
import { TwoStepCard } from './TwoStepCard.tsx';

type ProfileValues = { name: string; avatarUrl: string | null; language: Language; timeZone: string | null };
/** A Select cannot hold null: the browser's time zone is this value in the list. */
const BROWSER_ZONE = '';

const valuesOf = (user: User, avatarUrl: string | null, timeZone: string | null): ProfileValues => ({
  name: user.name,
  avatarUrl,
  language: (user.language as Language | null) ?? currentLanguage(),
  timeZone,
});

/** The signed-in user's own profile (issue 17): name, avatar, language, time zone, password. */
export function ProfilePage() {
  const { t } = useTranslation('account');
  return (
    <Stack maw={640}>
      <PageHeader title={t('profile.title')} />
      <ProfileForm />
      <PasswordForm />
      <TwoStepCard />
    </Stack>
  );
}

function ProfileForm() {
  const { t } = useTranslation('account');
  const me = useMe();
  const account = useAccount();
  const [base, setBase] = useState(() => valuesOf(me, account.avatarUrl, account.timeZone));
  const [version, setVersion] = useState(me.version);
  const form = useForm<ProfileValues>({
    initialValues: base,
    validate: { name: (v) => (v.trim() ? null : t('profile.nameRequired')) },
  });
  const update = useUpdateProfile();
  const zones = useMemo(
    () => [
      { value: BROWSER_ZONE, label: t('profile.browserTimeZone', { zone: browserTimeZone() }) },
      ...Intl.supportedValuesOf('timeZone').map((zone) => ({
        value: zone,
        label: zone.replaceAll('_', ' '),
      })),
    ],
    [t],
  );
  const label = (field: keyof ProfileValues) => t(`profile.${field}`);
  const save = useFormMutation({
    form,
    mutationFn: (body: ProfileValues & { version: number }) => update.mutateAsync(body),
    onSuccess: async ({ user, account: saved }) => {
      const values = valuesOf(user, saved.avatarUrl, saved.timeZone);
      setBase(values);
      setVersion(user.version);
      form.setValues(values);
      form.resetDirty(values);
      if (user.language && user.language !== currentLanguage()) await setLanguage(user.language as Language);
      notifications.show({ color: 'green', message: t('profile.saved') });
    },
    conflict: {
      title: t('profile.conflictTitle'),
      valuesOf: (current: User) => ({
        ...form.getValues(),
        name: current.name,
        language: (current.language as Language) ?? form.getValues().language,
      }),
      read: base,
      label,
      onReload: (current) => {
        const values = { ...form.getValues(), name: current.name };
        setBase(values);
        setVersion(current.version);
        form.setValues(values);
        form.resetDirty(values);
      },
      overwrite: (current) => ({ ...form.getValues(), version: current.version }),
    },
  });

  return (
    <Card withBorder>
      <form onSubmit={form.onSubmit((values) => save.submit({ ...values, version }))} noValidate>
        <Stack>
          <Title order={2} size="h4">
            {t('profile.section')}
          </Title>
          <TextInput label={label('name')} required maxLength={200} {...form.getInputProps('name')} />
          <AvatarInput
            name={form.values.name}
            value={form.values.avatarUrl}
            onChange={(url) => form.setFieldValue('avatarUrl', url)}
          />
          <Select
            label={label('language')}
            data={Object.entries(LANGUAGES).map(([value, name]) => ({ value, label: name }))}
            allowDeselect={false}
            {...form.getInputProps('language')}
          />
          <Select
            label={label('timeZone')}
            description={t('profile.timeZoneHint')}
            data={zones}
            searchable
            allowDeselect={false}
            nothingFoundMessage={t('profile.noTimeZone')}
            value={form.values.timeZone ?? BROWSER_ZONE}
            onChange={(zone) => form.setFieldValue('timeZone', zone ? zone : null)}
            error={form.errors.timeZone}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={update.isPending} disabled={!form.isDirty()}>
              {t('profile.save')}
            </Button>
          </Group>
        </Stack>
      </form>
      {save.conflictDialog}
      {form.isDirty() && <UnsavedLeaveGuard namespace="account" />}
    </Card>
  );
}

type PasswordValues = { currentPassword: string; newPassword: string; confirm: string };

function PasswordForm() {
  const { t } = useTranslation('account');
  const change = useChangePassword();
  const form = useForm<PasswordValues>({
    initialValues: { currentPassword: '', newPassword: '', confirm: '' },
    validate: {
      currentPassword: (v) => (v ? null : t('password.currentRequired')),
      newPassword: checkNewPassword,
      confirm: (v, values) => (v === values.newPassword ? null : t('password.mismatch')),
    },
  });
  const save = useFormMutation({
    form,
    mutationFn: ({ currentPassword, newPassword }: PasswordValues) =>
      change.mutateAsync({ currentPassword, newPassword }),
    onSuccess: ({ ended }) => {
      form.reset();
      notifications.show({ color: 'green', message: t('password.changed', { count: ended }) });
    },
  });
  return (
    <Card withBorder>
      <form onSubmit={form.onSubmit((values) => save.submit(values))} noValidate>
        <Stack>
          <Title order={2} size="h4">
            {t('password.section')}
          </Title>
          <PasswordInput
            label={t('password.current')}
            autoComplete="current-password"
            required
            {...form.getInputProps('currentPassword')}
          />
          <NewPasswordInput label={t('password.new')} {...form.getInputProps('newPassword')} />
          <PasswordInput
            label={t('password.confirm')}
            autoComplete="new-password"
            required
            {...form.getInputProps('confirm')}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={change.isPending}>
              {t('password.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
