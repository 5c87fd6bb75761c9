import { Button, Group, Modal, Text } from '@mantine/core';
import { useBlocker } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

/**
 * Mounted while a card holds an unsaved link or likes: leaving the screen (a link, back, a
 * reload) asks first. Moving within the screen (the flagged table's page or search) does not.
 */
export function LeaveGuard() {
  const { t } = useTranslation('review');
  const blocker = useBlocker({
    shouldBlockFn: ({ current, next }) => current.pathname !== next.pathname,
    enableBeforeUnload: true,
    withResolver: true,
  });
  if (blocker.status !== 'blocked') return null;
  return (
    <Modal opened onClose={blocker.reset} title={t('unsaved.title')} centered>
      <Text>{t('unsaved.body')}</Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={blocker.reset} data-autofocus>
          {t('unsaved.stay')}
        </Button>
        <Button color="red" onClick={blocker.proceed}>
          {t('unsaved.leave')}
        </Button>
      </Group>
    </Modal>
  );
}
