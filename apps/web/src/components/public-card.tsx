import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Anchor, Card, Center, Group, Stack, Text } from '@mantine/core';
import { webRoutes } from '@dermis/contract';
import { usePracticeBranding } from '../lib/branding/practice-branding';
import { t } from '../lib/i18n';
import { PracticeLogo } from './practice-logo';

/**
 * The card every public page sits in (sign-in, account creation, verification, password recovery,
 * unsubscribe): the practice's logo, the page, then help and contact lines, the path for someone
 * invited but not yet registered, and the legal notices.
 */
export function PublicCard({ children }: { children: ReactNode }) {
  const branding = usePracticeBranding();
  return (
    <Center>
      <Card withBorder shadow="sm" radius="md" padding="xl" className="public-card" w="100%" maw={480}>
        <Stack gap="md">
          <Center>
            <PracticeLogo branding={branding} size={48} />
          </Center>
          {children}
          <Stack gap={4} className="public-card-help">
            <Text size="sm">
              {branding?.phone
                ? t('publicCard.helpPhone', { practice: branding.name, phone: branding.phone })
                : t('publicCard.helpNoPhone')}
            </Text>
            <Text size="sm">{t('publicCard.invited')}</Text>
          </Stack>
          <Group gap="md" component="nav" aria-label={t('publicCard.legal')} className="public-card-legal">
            <Anchor component={Link} to={webRoutes.termsOfUse} size="sm">
              {t('footer.termsOfUse')}
            </Anchor>
            <Anchor component={Link} to={webRoutes.privacyPolicy} size="sm">
              {t('footer.privacyPolicy')}
            </Anchor>
          </Group>
        </Stack>
      </Card>
    </Center>
  );
}
