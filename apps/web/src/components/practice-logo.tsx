import { Group, Text } from '@mantine/core';
import type { PracticeBranding } from '@dermis/contract';
import { Logo } from './logo';

/**
 * The practice's logo and name when it has them, Dermis's mark otherwise. The image is decorative
 * (alt="") because the name is written beside it.
 */
export function PracticeLogo({
  branding,
  size = 32,
}: {
  branding: PracticeBranding | undefined;
  size?: number;
}) {
  if (!branding) return <Logo />;
  return (
    <Group gap={8} wrap="nowrap" component="span">
      {branding.logoUrl ? (
        <img src={branding.logoUrl} alt="" width={size} height={size} className="practice-logo" />
      ) : null}
      <Text component="span" fw={700} fz="lg" className="practice-name">
        {branding.name}
      </Text>
    </Group>
  );
}
