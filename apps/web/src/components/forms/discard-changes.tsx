import { useTranslation } from 'react-i18next';
import { confirmDestructive } from '../confirm-destructive.tsx';
import { LeaveGuard } from './LeaveGuard.tsx';

/** A form's words for dropping what was typed: the question, what is lost, and the red button. */
export type DiscardTexts = { title: string; body: string; discard: string };

/** Closes a form's dialog: at once when nothing changed, else only once Discard is confirmed. */
export function closeDiscarding({
  changed,
  texts,
  close,
}: {
  changed: boolean;
  texts: DiscardTexts;
  close: () => void;
}) {
  if (!changed) return close();
  confirmDestructive({
    title: texts.title,
    body: texts.body,
    confirm: texts.discard,
    onConfirm: close,
    testId: 'confirm-discard',
  });
}

/**
 * Mounted while a dialog's form has unsaved changes: leaving the page (a link, back, a reload,
 * closing the tab) asks the same question as closing the dialog, with Cancel to stay.
 */
export function DiscardLeaveGuard({ texts, leaveTestId }: { texts: DiscardTexts; leaveTestId: string }) {
  const { t } = useTranslation();
  return (
    <LeaveGuard
      texts={{ title: texts.title, body: texts.body, stay: t('cancel'), leave: texts.discard }}
      leaveTestId={leaveTestId}
    />
  );
}
