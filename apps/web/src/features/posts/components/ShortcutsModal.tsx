import { Group, Kbd, Modal, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { REVIEW_SHORTCUTS } from '../card-navigation.ts';

/** The review grid's keyboard shortcuts, opened with '?'. */
export function ShortcutsModal({ canAct, onClose }: { canAct: boolean; onClose: () => void }) {
  const { t } = useTranslation('posts');
  const shown = REVIEW_SHORTCUTS.filter(
    (s) => canAct || (s.action !== 'love' && s.action !== 'like' && s.action !== 'delete'),
  );
  return (
    <Modal opened onClose={onClose} title={t('shortcuts.title')}>
      <Table data-testid="shortcuts">
        <Table.Tbody>
          {shown.map((s) => (
            <Table.Tr key={s.action}>
              <Table.Td>
                <Group gap={4}>
                  {s.keys.map((k) => (
                    <Kbd key={k}>{k}</Kbd>
                  ))}
                </Group>
              </Table.Td>
              <Table.Td>{t(`shortcuts.${s.action}`)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="sm" c="dimmed" mt="sm">
        {t('shortcuts.typing')}
      </Text>
      <Text size="sm" c="dimmed" mt="xs">
        {t('shortcuts.video')}
      </Text>
    </Modal>
  );
}
