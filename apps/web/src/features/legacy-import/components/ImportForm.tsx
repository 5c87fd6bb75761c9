import { Button, FileInput, Group, Select, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconFileZip } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_IMPORT_UPLOAD_FILES } from '@preffy/api';
import { confirmChange } from '../../../components/confirm-destructive.tsx';
import { useFormMutation } from '../../../lib/api/use-form-mutation.ts';
import { useBusinessTimeZone } from '../../../lib/session.ts';
import { useStartImport } from '../api/legacy-import.ts';

type Values = { files: File[]; timeZone: string };

/**
 * The upload: the exports (a zip of the export folders, or the files), the zone of the inquiry
 * service's dates, then a dry run (the default, nothing written) or, confirmed, an import.
 */
export function ImportForm({ onStarted }: { onStarted: (runId: string) => void }) {
  const { t } = useTranslation('legacyImport');
  const businessZone = useBusinessTimeZone();
  const form = useForm<Values>({
    initialValues: { files: [], timeZone: businessZone },
    validate: { files: (files) => (files.length ? null : t('form.filesRequired')) },
  });
  const zones = useMemo(
    () =>
      Intl.supportedValuesOf('timeZone').map((zone) => ({ value: zone, label: zone.replaceAll('_', ' ') })),
    [],
  );
  const start = useStartImport();
  const save = useFormMutation({
    form,
    mutationFn: (body: Values & { dryRun: boolean }) => start.mutateAsync(body),
    onSuccess: ({ run }) => {
      form.reset();
      onStarted(run.id);
    },
  });
  const submit = (dryRun: boolean) =>
    form.onSubmit((values) => {
      if (dryRun) return save.submit({ ...values, dryRun });
      confirmChange({
        title: t('form.confirmTitle'),
        body: t('form.confirmBody', { count: values.files.length }),
        confirm: t('form.import'),
        testId: 'confirm-import',
        onConfirm: () => void save.submit({ ...values, dryRun }),
      });
    });
  return (
    <form onSubmit={submit(true)} noValidate>
      <Stack>
        <FileInput
          multiple
          clearable
          label={t('form.files')}
          description={t('form.filesHelp', { count: MAX_IMPORT_UPLOAD_FILES })}
          leftSection={<IconFileZip size={16} />}
          accept=".zip,.json,.jsonl,.gz,.csv,.ion"
          {...form.getInputProps('files')}
        />
        <Select
          searchable
          label={t('form.timeZone')}
          description={t('form.timeZoneHelp')}
          data={zones}
          allowDeselect={false}
          {...form.getInputProps('timeZone')}
        />
        <Text size="sm" c="dimmed">
          {t('form.dryRunHelp')}
        </Text>
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {t('form.dryRun')}
          </Button>
          <Button variant="light" color="orange" loading={save.isPending} onClick={() => submit(false)()}>
            {t('form.import')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
