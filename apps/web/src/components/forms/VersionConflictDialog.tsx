import { Alert, Button, Group, Modal, Stack, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * Someone saved in between (409 VERSION_CONFLICT): show field by field what they changed and
 * what I changed, then reload their version or save mine over it. Every edit form uses this one
 * dialog, through useFormMutation's `conflict` option.
 */
export function VersionConflictDialog<V extends object>({
  title,
  mine,
  theirs,
  read,
  label,
  onReload,
  onOverwrite,
  onClose,
}: {
  title: string;
  /** The form as it is now, the stored record as the other person saved it, and what I opened. */
  mine: V;
  theirs: V;
  read: V;
  /** A field's label, as the form shows it. */
  label: (field: keyof V & string) => string;
  onReload: () => void;
  onOverwrite: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const show = (v: unknown) => (Array.isArray(v) ? v.join(', ') : String(v ?? ''));
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  const fields = (Object.keys(theirs) as (keyof V & string)[]).filter(
    (k) => !same(theirs[k], read[k]) || !same(mine[k], read[k]),
  );
  return (
    <Modal opened onClose={onClose} size="xl" title={title}>
      <Stack>
        <Alert color="yellow">{t('conflict.body')}</Alert>
        <Table data-testid="conflict-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('conflict.field')}</Table.Th>
              <Table.Th>{t('conflict.theirs')}</Table.Th>
              <Table.Th>{t('conflict.mine')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {fields.map((k) => (
              <Table.Tr key={k}>
                <Table.Td>{label(k)}</Table.Td>
                <Table.Td>{show(theirs[k])}</Table.Td>
                <Table.Td>{show(mine[k])}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Group justify="flex-end">
          <Button variant="default" onClick={onReload}>
            {t('conflict.reload')}
          </Button>
          <Button color="red" onClick={onOverwrite}>
            {t('conflict.overwrite')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
