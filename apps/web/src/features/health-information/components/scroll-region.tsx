import type { ReactNode } from 'react';

/**
 * A table that may scroll sideways on a phone: a named region that takes keyboard focus, so it can
 * be scrolled without a mouse (axe scrollable-region-focusable).
 */
export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div role="region" aria-label={label} tabIndex={0} style={{ overflowX: 'auto', maxWidth: '100%' }}>
      {children}
    </div>
  );
}
