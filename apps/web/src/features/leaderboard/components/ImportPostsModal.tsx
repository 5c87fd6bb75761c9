import { Alert, Button, FileButton, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';
import type { ImportReport } from '@preffy/api';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormMutation } from '../../../lib/api/use-form-mutation.ts';
import { useImportPosts } from '../api/leaderboard.ts';
import { FormError } from '../../../components/forms/FormError.tsx';
import { translateServerMessage } from '../../../lib/i18n/index.ts';

/** Import posts from a CSV file: link, email, creator, platform, optional likes and views. */
export function ImportPostsModal({ competitionId, onClose }: { competitionId: string; onClose: () => void }) {
  const { t } = useTranslation('leaderboard');
  const importPosts = useImportPosts(competitionId);
  const [error, setError] = useState<string | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const send = useFormMutation({
    // No inputs to mark: the file's problem (the csv field's message) shows in the alert.
    form: { getValues: () => ({}), setErrors: () => {} },
    // The feature's mutation owns the cache: it refreshes the posts.
    mutationFn: importPosts.mutateAsync,
    onSuccess: setReport,
    onOther: setError,
  });
  const upload = async (file: File | null) => {
    if (!file) return;
    setError(null);
    setReport(null);
    await send.submit(await file.text());
  };
  const refused = report?.rows.filter((r) => !r.ok) ?? [];
  return (
    <Modal opened onClose={onClose} title={t('import')} size="lg">
      <Stack>
        <Text size="sm">{t('importHelp')}</Text>
        <FileButton onChange={(f) => void upload(f)} accept=".csv,text/csv">
          {(props) => (
            <Button {...props} loading={send.isPending} leftSection={<IconFileImport size={16} />}>
              {t('chooseFile')}
            </Button>
          )}
        </FileButton>
        <FormError>{error}</FormError>
        {report && (
          <Alert color={report.refused ? 'yellow' : 'green'} role="status" data-testid="import-summary">
            {t('importResult', { accepted: report.accepted, refused: report.refused })}
          </Alert>
        )}
        {refused.length > 0 && (
          <Table striped data-testid="import-refused">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('importRow')}</Table.Th>
                <Table.Th>{t('importWhy')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {refused.map((r) => (
                <Table.Tr key={r.row}>
                  <Table.Td>{r.row}</Table.Td>
                  <Table.Td>{r.errors?.map(translateServerMessage).join('; ')}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.close')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
