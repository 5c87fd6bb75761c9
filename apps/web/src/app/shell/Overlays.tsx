import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { dialogHostListens } from '../../lib/dialogs.ts';

/**
 * Draws the confirmation dialogs (lib/dialogs.ts) and the notifications (notifications.show).
 * Both are driven from outside React, so the hosts need not wrap the screens: App loads this
 * chunk beside the first page instead of inside it (the modal brings a scroll area, a focus
 * trap and floating-ui, about 38 KB gzip). Dialogs asked for before it mounts wait for it.
 */
export default function Overlays() {
  // A parent's effects run after its children's: ModalsProvider listens by now.
  useEffect(dialogHostListens, []);
  return (
    <>
      <ModalsProvider />
      <Notifications position="bottom-right" />
    </>
  );
}
