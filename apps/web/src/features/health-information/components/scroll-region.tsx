import type { ReactNode } from 'react';

/**
 * A table that may scroll sideways on a phone: a named region that takes keyboard focus, so it can
 * be scrolled without a mouse (axe scrollable-region-focusable). With `maxHeight`, a long table
 * scrolls down inside it too, instead of stretching the page.
 */
export function ScrollRegion({
  label,
  maxHeight,
  children,
}: {
  label: string;
  maxHeight?: string;
  children: ReactNode;
}) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      style={{ overflowX: 'auto', maxWidth: '100%', ...(maxHeight && { maxHeight, overflowY: 'auto' }) }}
    >
      {children}
    </div>
  );
}
