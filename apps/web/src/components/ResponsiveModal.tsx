import { Modal, type ModalProps } from '@mantine/core';
import { useIsPhone } from '../lib/use-is-phone.ts';

/** A dialog that takes the whole screen on a phone, where a centred box leaves too little room. */
export function ResponsiveModal(props: ModalProps) {
  const isPhone = useIsPhone();
  return <Modal fullScreen={isPhone} {...props} />;
}
