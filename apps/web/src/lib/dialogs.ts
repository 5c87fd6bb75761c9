import { modals } from '@mantine/modals';

/**
 * Mantine's modals, held until their host listens. The host (app/shell/Overlays.tsx) loads
 * beside the first page, and Mantine opens a dialog with a window event: one sent before the
 * host listens would be lost, and a click on Delete right after a page load would do nothing.
 * Screens open dialogs through here, never through `modals` directly (eslint.config.js).
 */
let hostListens = false;
let markListening: () => void = () => {};
const listening = new Promise<void>((resolve) => {
  markListening = resolve;
});

/** Overlays calls this once the dialog host is mounted (its effects run after the host's). */
export function dialogHostListens() {
  hostListens = true;
  markListening();
}

const whenListening = (open: () => void) => (hostListens ? open() : void listening.then(open));

export const dialogs = {
  openConfirmModal: (...args: Parameters<typeof modals.openConfirmModal>) =>
    whenListening(() => modals.openConfirmModal(...args)),
  open: (...args: Parameters<typeof modals.open>) => whenListening(() => modals.open(...args)),
  closeAll: () => modals.closeAll(),
};
