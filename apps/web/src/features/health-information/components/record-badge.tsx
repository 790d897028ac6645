import type { ReactNode } from 'react';
import { Text } from '@mantine/core';

/**
 * A status word (Corrected, Achieved, Resolved) in bold body text: coloured badges of this theme
 * fell below AA contrast, and the word itself carries the meaning.
 */
export function ToneBadge({ children }: { tone?: string; children: ReactNode }) {
  return (
    <Text span size="sm" fw={700}>
      {children}
    </Text>
  );
}
