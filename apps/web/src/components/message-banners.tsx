import { Alert, Stack } from '@mantine/core';

export interface Messages {
  errors?: readonly string[];
  warnings?: readonly string[];
  notifications?: readonly string[];
}

const kinds = [
  { key: 'errors', color: 'red' },
  { key: 'warnings', color: 'yellow' },
  { key: 'notifications', color: 'green' },
] as const;

/**
 * Error, warning and success banners (role=alert, so screen readers announce them). No title: the
 * message text is black on the light tint, which passes contrast for every colour.
 */
export function MessageBanners(messages: Messages) {
  const banners = kinds.flatMap(({ key, color }) =>
    (messages[key] ?? []).map((text, index) => ({ id: `${key}-${index}`, color, text })),
  );
  if (banners.length === 0) return null;
  return (
    <Stack gap="xs">
      {banners.map((banner) => (
        <Alert key={banner.id} color={banner.color} variant="light">
          {banner.text}
        </Alert>
      ))}
    </Stack>
  );
}
