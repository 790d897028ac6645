import { useState, type ReactNode } from 'react';
import { Modal } from '@mantine/core';
import { t } from '../lib/i18n';
import { useOpenModalCount, useRegisterOpenModal } from './open-modals';

export interface AppModalProps {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  size?: string | number;
  zIndex?: number;
  testId?: string;
  /**
   * A modal the user did not open (the start-up greeting): while another modal is open it waits, and
   * opens once that one has closed. Once open, it stays open whatever opens over it.
   */
  waitForOtherModals?: boolean;
}

/**
 * The one modal look: centred, titled, a labelled close button. Mantine's header is a <header>
 * element, which assistive technology reads as a second banner landmark; here it is a plain <div>.
 * Focus is trapped inside and goes to the element marked `data-autofocus` (the first field, or the
 * main button), never to the close button; it returns to the opener on close.
 *
 * Every AppModal counts itself as open (open-modals.ts), so that `waitForOtherModals` can wait for it.
 */
export function AppModal({
  opened,
  onClose,
  title,
  children,
  size = 'md',
  zIndex,
  testId,
  waitForOtherModals = false,
}: AppModalProps) {
  const othersOpen = useOpenModalCount() > 0;
  const [shown, setShown] = useState(false);
  const visible = opened && (shown || !waitForOtherModals || !othersOpen);
  if (visible !== shown) setShown(visible);
  useRegisterOpenModal(visible);
  return (
    <Modal.Root opened={visible} onClose={onClose} centered size={size} zIndex={zIndex} trapFocus returnFocus>
      <Modal.Overlay />
      <Modal.Content data-testid={testId}>
        <Modal.Header component="div">
          {/* A title like the pages' section headings; a long one wraps with room between its lines (phone). */}
          <Modal.Title fw={700} fz="lg" lh={1.35}>
            {title}
          </Modal.Title>
          <Modal.CloseButton aria-label={t('components.close')} />
        </Modal.Header>
        <Modal.Body>{children}</Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
