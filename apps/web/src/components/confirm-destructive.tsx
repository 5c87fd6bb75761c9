import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { i18n } from '../lib/i18n/index.ts';

/**
 * Asks before anything that cannot be taken back (delete, revoke, disable, sign out
 * everywhere): the question, the action named on a red button, and Cancel.
 */
export function confirmDestructive(ask: {
  title: string;
  body: string;
  confirm: string;
  onConfirm: () => void;
  /** The confirm button's data-testid, for browser tests. */
  testId?: string;
}) {
  modals.openConfirmModal({
    title: ask.title,
    children: <Text>{ask.body}</Text>,
    labels: { confirm: ask.confirm, cancel: i18n.t('cancel') },
    confirmProps: { color: 'red', ...(ask.testId ? { 'data-testid': ask.testId } : {}) },
    onConfirm: ask.onConfirm,
  });
}
