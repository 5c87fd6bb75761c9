import { Text } from '@mantine/core';
import { dialogs } from '../lib/dialogs.ts';
import { i18n } from '../lib/i18n/index.ts';

type Ask = {
  title: string;
  body: string;
  confirm: string;
  onConfirm: () => void;
  /** The confirm button's data-testid, for browser tests. */
  testId?: string;
};

function openConfirm(ask: Ask, color?: 'red') {
  dialogs.openConfirmModal({
    // One question at a time: a second ask while it shows (a double click, Escape beside a click)
    // is dropped by Mantine for a known id, so one Cancel is never left facing a copy of itself.
    modalId: `confirm:${ask.title}`,
    title: ask.title,
    children: <Text>{ask.body}</Text>,
    labels: { confirm: ask.confirm, cancel: i18n.t('cancel') },
    confirmProps: { ...(color && { color }), ...(ask.testId ? { 'data-testid': ask.testId } : {}) },
    onConfirm: ask.onConfirm,
  });
}

/**
 * Asks before anything that cannot be taken back (delete, revoke, disable, sign out
 * everywhere): the question, the action named on a red button, and Cancel.
 */
export const confirmDestructive = (ask: Ask) => openConfirm(ask, 'red');

/**
 * Asks before a one-click change that matters but can be changed back (confirm a hold, move a
 * competition to another state): the question and the action named on the button.
 */
export const confirmChange = (ask: Ask) => openConfirm(ask);
