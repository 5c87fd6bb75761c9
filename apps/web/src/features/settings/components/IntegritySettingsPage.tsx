import {
  Button,
  Card,
  Fieldset,
  Group,
  NumberInput,
  SimpleGrid,
  Skeleton,
  Stack,
  Tabs,
  Text,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { INTEGRITY_PLATFORMS, type IntegritySettings, settings } from '@preffy/api';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { call } from '../../../lib/api/client.ts';
import { useFormMutation } from '../../../lib/api/use-form-mutation.ts';
import { platformName } from '../../../lib/labels.ts';
import {
  type Platform,
  SERVER_FIELDS,
  THRESHOLD_GROUPS,
  type ThresholdGroup,
  type ThresholdValues,
  describeField,
  fieldName,
  isPercent,
  platformValues,
  thresholdsOf,
  valuesOf,
} from '../integrity-fields.ts';

const integrityQuery = queryOptions({
  queryKey: ['settings', 'integrity'],
  queryFn: () => call(settings.integrity),
});

/**
 * The integrity detectors' thresholds, per platform, for administrators (issue 42, decision
 * 0134): the defaults are heuristics, so each one can be changed here; saving is audited.
 */
export function IntegritySettingsPage() {
  const { t } = useTranslation('settings');
  const { data } = useQuery(integrityQuery);
  return (
    <Stack>
      <PageHeader title={t('integrity.title')} />
      <Text c="dimmed">{t('integrity.help')}</Text>
      {data ? <ThresholdsForm stored={data} /> : <Skeleton h={480} />}
    </Stack>
  );
}

function ThresholdsForm({ stored }: { stored: IntegritySettings }) {
  const { t } = useTranslation('settings');
  const queryClient = useQueryClient();
  const [platform, setPlatform] = useState<Platform>('tiktok');
  const form = useForm<ThresholdValues>({
    initialValues: valuesOf(stored.thresholds),
    validate: (values) =>
      Object.fromEntries(
        Object.entries(values)
          .filter(([, value]) => typeof value !== 'number')
          .map(([name]) => [name, t('integrity.required')]),
      ),
  });
  const label = (name: string) => {
    const { platform: of, path } = describeField(name);
    return `${platformName(of)}: ${t(`integrity.fields.${path}`)}`;
  };
  const saved = (answer: IntegritySettings) => {
    queryClient.setQueryData(integrityQuery.queryKey, answer);
    form.setValues(valuesOf(answer.thresholds));
    form.resetDirty(valuesOf(answer.thresholds));
  };
  const save = useFormMutation({
    form,
    aliases: SERVER_FIELDS,
    mutationFn: (body: { version: number; thresholds: IntegritySettings['thresholds'] }) =>
      call(settings.updateIntegrity, { body }),
    onSuccess: (answer) => {
      saved(answer);
      notifications.show({ color: 'green', message: t('integrity.saved') });
    },
    conflict: {
      title: t('integrity.conflictTitle'),
      valuesOf: (current: IntegritySettings) => valuesOf(current.thresholds),
      read: valuesOf(stored.thresholds),
      label,
      onReload: saved,
      overwrite: (current: IntegritySettings) => ({
        version: current.version,
        thresholds: thresholdsOf(form.getValues()),
      }),
    },
  });
  const submit = form.onSubmit(
    (values) => void save.submit({ version: stored.version, thresholds: thresholdsOf(values) }),
    (errors) => {
      // A field left empty on another platform's tab: show that tab.
      const first = Object.keys(errors)[0];
      if (first) setPlatform(describeField(first).platform);
    },
  );
  const resetToDefaults = () => form.setValues(platformValues(platform, stored.defaults[platform]));

  return (
    <form onSubmit={submit} noValidate>
      <Card withBorder>
        <Tabs value={platform} onChange={(v) => v && setPlatform(v as Platform)}>
          <Tabs.List>
            {INTEGRITY_PLATFORMS.map((p) => (
              <Tabs.Tab key={p} value={p}>
                {platformName(p)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {INTEGRITY_PLATFORMS.map((p) => (
            <Tabs.Panel key={p} value={p} pt="md">
              <SimpleGrid cols={{ base: 1, md: 2 }}>
                {(Object.keys(THRESHOLD_GROUPS) as ThresholdGroup[]).map((group) => (
                  <Fieldset key={group} legend={t(`integrity.groups.${group}`)}>
                    <Stack gap="xs">
                      {THRESHOLD_GROUPS[group].map((path) => (
                        <NumberInput
                          key={path}
                          label={t(`integrity.fields.${path}`)}
                          suffix={isPercent(path) ? ' %' : undefined}
                          thousandSeparator=","
                          allowNegative={false}
                          allowDecimal={isPercent(path)}
                          decimalScale={isPercent(path) ? 4 : 0}
                          {...form.getInputProps(fieldName(p, path))}
                        />
                      ))}
                    </Stack>
                  </Fieldset>
                ))}
              </SimpleGrid>
            </Tabs.Panel>
          ))}
        </Tabs>
      </Card>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={resetToDefaults}>
          {t('integrity.resetToDefaults', { platform: platformName(platform) })}
        </Button>
        <Button type="submit" disabled={!form.isDirty()} loading={form.submitting}>
          {t('integrity.save')}
        </Button>
      </Group>
      {save.conflictDialog}
    </form>
  );
}
