import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';

/**
 * Draws the confirmation dialogs (modals.open…) and the notifications (notifications.show).
 * Both are driven from outside React, so the hosts need not wrap the screens: App loads this
 * chunk beside the first page instead of inside it (the modal brings a scroll area, a focus
 * trap and floating-ui, about 25 KB gzip).
 */
export default function Overlays() {
  return (
    <>
      <ModalsProvider />
      <Notifications position="bottom-right" />
    </>
  );
}
