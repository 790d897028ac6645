import { useEffect, useRef, type ReactNode } from 'react';
import { Tooltip, UnstyledButton } from '@mantine/core';

/**
 * The footer's terminology notice with Mantine's tooltip, a chunk of its own (its positioning code,
 * floating-ui, is about 19 kB gzip that /login need not download first; decision 049). It replaces
 * the plain trigger of site-footer.tsx: `engaged` says that trigger was hovered or focused, so the
 * tooltip opens at once and focus stays where it was.
 */
export function TerminologyTooltip({
  label,
  children,
  engaged,
}: {
  label: string;
  children: ReactNode;
  engaged: { hovered: boolean; focused: boolean };
}) {
  const trigger = useRef<HTMLButtonElement>(null);
  const { hovered, focused } = engaged;
  useEffect(() => {
    if (focused) trigger.current?.focus();
  }, [focused]);
  return (
    <Tooltip
      label={label}
      multiline
      w={320}
      events={{ hover: true, focus: true, touch: true }}
      defaultOpened={hovered || focused}
    >
      <UnstyledButton ref={trigger} className="footer-tooltip-trigger">
        {children}
      </UnstyledButton>
    </Tooltip>
  );
}
