import { Button, Group, Modal, Text } from '@mantine/core';
import { useBlocker } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

/** Where the user is and where they are going: the path and the search params. */
type Place = { pathname: string; search: object };
type Move = { current: Place; next: Place };

/** By default a move to another screen asks; moving within it (a table's page or search) does not. */
const toAnotherScreen = ({ current, next }: Move) => current.pathname !== next.pathname;

/**
 * Mount it while something typed is not saved: leaving (a link, back, a reload, closing the tab)
 * asks first, in the screen's own words. `blocks` says which moves count as leaving.
 */
export function LeaveGuard({
  texts,
  blocks = toAnotherScreen,
  leaveTestId,
}: {
  texts: { title: string; body: string; stay: string; leave: string };
  blocks?: (move: Move) => boolean;
  leaveTestId?: string;
}) {
  const blocker = useBlocker({
    shouldBlockFn: ({ current, next }) => blocks({ current, next }),
    enableBeforeUnload: true,
    withResolver: true,
  });
  if (blocker.status !== 'blocked') return null;
  return (
    <Modal opened onClose={blocker.reset} title={texts.title} centered>
      <Text>{texts.body}</Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={blocker.reset} data-autofocus>
          {texts.stay}
        </Button>
        <Button color="red" onClick={blocker.proceed} data-testid={leaveTestId}>
          {texts.leave}
        </Button>
      </Group>
    </Modal>
  );
}

/** The screens whose namespace words leaving with unsaved changes as `unsaved.*`. */
type UnsavedNamespace = 'account' | 'competitions' | 'posts';

/** A LeaveGuard in the screen's own `unsaved.*` words (title, body, stay, leave). */
export function UnsavedLeaveGuard({
  namespace,
  leaveTestId,
}: {
  namespace: UnsavedNamespace;
  leaveTestId?: string;
}) {
  const { t } = useTranslation(namespace);
  return (
    <LeaveGuard
      texts={{
        title: t('unsaved.title'),
        body: t('unsaved.body'),
        stay: t('unsaved.stay'),
        leave: t('unsaved.leave'),
      }}
      leaveTestId={leaveTestId}
    />
  );
}
