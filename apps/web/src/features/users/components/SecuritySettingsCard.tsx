import { Button, Card, Group, NumberInput, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { MAX_LOCK_AFTER_MINUTES, type SecuritySettings, settings } from '@preffy/api';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { confirmChange } from '../../../components/confirm-destructive.tsx';
import { authKeys } from '../../../lib/session.ts';
import { call } from '../../../lib/api/client.ts';
import { useFormMutation } from '../../../lib/api/use-form-mutation.ts';

const securityQuery = queryOptions({
  queryKey: ['settings', 'security'],
  queryFn: () => call(settings.security),
});

type Values = { requireTwoStep: boolean; lockAfterMinutes: number };
const valuesOf = (stored: SecuritySettings): Values => ({
  requireTwoStep: stored.requireTwoStep,
  lockAfterMinutes: stored.lockAfterMinutes,
});

/** Administrators' security settings (issue 17): two-step for admins and staff, the idle lock. */
export function SecuritySettingsCard() {
  const { t } = useTranslation('users');
  const { data } = useQuery(securityQuery);
  return (
    <Card withBorder data-testid="security-settings">
      <Stack>
        <Title order={2} size="h4">
          {t('security.title')}
        </Title>
        {data ? <SecurityForm stored={data} /> : <Skeleton h={120} />}
      </Stack>
    </Card>
  );
}

function SecurityForm({ stored }: { stored: SecuritySettings }) {
  const { t } = useTranslation('users');
  const queryClient = useQueryClient();
  const form = useForm<Values>({ initialValues: valuesOf(stored) });
  const label = (field: keyof Values) => t(`security.${field}`);
  const saved = (answer: SecuritySettings) => {
    queryClient.setQueryData(securityQuery.queryKey, answer);
    form.setValues(valuesOf(answer));
    form.resetDirty(valuesOf(answer));
  };
  const save = useFormMutation({
    form,
    mutationFn: (body: Values & { version: number }) => call(settings.updateSecurity, { body }),
    onSuccess: async (answer) => {
      saved(answer);
      // The admin's own session carries the idle time and the requirement.
      await queryClient.invalidateQueries({ queryKey: authKeys.me });
      notifications.show({ color: 'green', message: t('security.saved') });
    },
    conflict: {
      title: t('security.conflictTitle'),
      valuesOf: valuesOf,
      read: valuesOf(stored),
      label,
      onReload: saved,
      overwrite: (current: SecuritySettings) => ({ ...form.getValues(), version: current.version }),
    },
  });
  const submit = form.onSubmit((values) => {
    const send = () => void save.submit({ ...values, version: stored.version });
    // Turning the requirement on sends every admin and staff member without it to the setup.
    if (values.requireTwoStep && !stored.requireTwoStep)
      confirmChange({
        title: t('security.confirmRequireTitle'),
        body: t('security.confirmRequire'),
        confirm: t('security.require'),
        onConfirm: send,
        testId: 'confirm-require-two-step',
      });
    else send();
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Switch
          label={label('requireTwoStep')}
          description={t('security.requireTwoStepHint')}
          {...form.getInputProps('requireTwoStep', { type: 'checkbox' })}
        />
        <NumberInput
          label={label('lockAfterMinutes')}
          description={t('security.lockAfterMinutesHint')}
          min={0}
          max={MAX_LOCK_AFTER_MINUTES}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="none"
          w={240}
          {...form.getInputProps('lockAfterMinutes')}
        />
        <Text size="sm" c="dimmed">
          {form.values.lockAfterMinutes > 0
            ? t('security.locksAfter', { count: form.values.lockAfterMinutes })
            : t('security.neverLocks')}
        </Text>
        <Group justify="flex-end">
          <Button type="submit" disabled={!form.isDirty()} loading={form.submitting}>
            {t('security.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
