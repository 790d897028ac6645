import type { ReactNode } from 'react';
import { Modal } from '@mantine/core';
import { t } from '../lib/i18n';

export interface AppModalProps {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  size?: string | number;
  zIndex?: number;
  testId?: string;
}

/**
 * The one modal look: centred, titled, a labelled close button. Mantine's header is a <header>
 * element, which assistive technology reads as a second banner landmark; here it is a plain <div>.
 * Focus is trapped inside and goes to the element marked `data-autofocus` (the first field, or the
 * main button), never to the close button; it returns to the opener on close.
 */
export function AppModal({ opened, onClose, title, children, size = 'md', zIndex, testId }: AppModalProps) {
  return (
    <Modal.Root opened={opened} onClose={onClose} centered size={size} zIndex={zIndex} trapFocus returnFocus>
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
