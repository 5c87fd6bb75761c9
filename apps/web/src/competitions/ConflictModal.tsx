import { Alert, Button, Group, Modal, Stack, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CompetitionFormValues } from './competition-form-values.ts';

/** Someone saved in between: show field by field what they changed and what I changed. */
export function ConflictModal({
  mine,
  theirs,
  read,
  onReload,
  onOverwrite,
  onClose,
}: {
  mine: CompetitionFormValues;
  theirs: CompetitionFormValues;
  read: CompetitionFormValues;
  onReload: () => void;
  onOverwrite: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const show = (v: unknown) => (Array.isArray(v) ? v.join(', ') : String(v ?? ''));
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  const fields = (Object.keys(theirs) as (keyof CompetitionFormValues)[]).filter(
    (k) => !same(theirs[k], read[k]) || !same(mine[k], read[k]),
  );
  return (
    <Modal opened onClose={onClose} size="xl" title={t('competitions.conflictTitle')}>
      <Stack>
        <Alert color="yellow">{t('competitions.conflictBody')}</Alert>
        <Table data-testid="conflict-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('competitions.conflictField')}</Table.Th>
              <Table.Th>{t('competitions.conflictTheirs')}</Table.Th>
              <Table.Th>{t('competitions.conflictMine')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {fields.map((k) => (
              <Table.Tr key={k}>
                <Table.Td>
                  {t(
                    `competitions.fields.${k === 'startDay' ? 'startDate' : k === 'endDay' ? 'endDate' : k}`,
                  )}
                </Table.Td>
                <Table.Td>{show(theirs[k])}</Table.Td>
                <Table.Td>{show(mine[k])}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Group justify="flex-end">
          <Button variant="default" onClick={onReload}>
            {t('competitions.conflictReload')}
          </Button>
          <Button color="red" onClick={onOverwrite}>
            {t('competitions.conflictOverwrite')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
