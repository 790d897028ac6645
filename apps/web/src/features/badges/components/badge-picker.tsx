import { useState } from 'react';
import { Button, CopyButton, Group, Image, Paper, Radio, Stack, Textarea, Title } from '@mantine/core';
import { t } from '../../../lib/i18n';
import { badgeImageUrl, badgeLabelKey, badgeSizes, badgeSnippet, type BadgeSizeName } from '../badge-sizes';

/** Choose a size, see the badge, copy its HTML (spec 000 §2 "Badges page"). */
export function BadgePicker({ origin = window.location.origin }: { origin?: string }) {
  const [sizeName, setSizeName] = useState<BadgeSizeName>('large');
  const badge = badgeSizes.find((b) => b.size === sizeName) ?? badgeSizes[1];
  const alt = t('badges.alt');
  const snippet = badgeSnippet(origin, badge, alt);
  const sizeLabel = t(badgeLabelKey(badge.size));

  return (
    <Stack gap="lg">
      <Radio.Group label={t('badges.size')} value={sizeName} onChange={(value) => setSizeName(value)}>
        <Stack gap="xs" mt="xs">
          {badgeSizes.map((b) => (
            <Radio
              key={b.size}
              value={b.size}
              label={t(badgeLabelKey(b.size))}
              data-testid={`badge-size-${b.size}`}
            />
          ))}
        </Stack>
      </Radio.Group>

      <section aria-labelledby="badge-preview-heading">
        <Title order={2} size="h3" id="badge-preview-heading">
          {t('badges.previewHeading')}
        </Title>
        <Paper withBorder p="md" mt="xs" w="fit-content">
          <Image
            src={badgeImageUrl(origin, badge.size)}
            w={badge.width}
            h={badge.height}
            alt={alt}
            data-testid="badge-preview"
          />
        </Paper>
      </section>

      <section aria-labelledby="badge-snippet-heading">
        <Title order={2} size="h3" id="badge-snippet-heading">
          {t('badges.snippetHeading')}
        </Title>
        <Stack gap="xs" mt="xs">
          <Textarea
            label={t('badges.snippet', { size: sizeLabel })}
            value={snippet}
            readOnly
            rows={4}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            data-testid="badge-snippet"
            onFocus={(event) => event.currentTarget.select()}
          />
          <Group>
            <CopyButton value={snippet}>
              {({ copied, copy }) => (
                <Button onClick={copy} variant={copied ? 'light' : 'filled'} aria-live="polite">
                  {copied ? t('badges.copied') : t('badges.copy')}
                </Button>
              )}
            </CopyButton>
          </Group>
        </Stack>
      </section>
    </Stack>
  );
}
