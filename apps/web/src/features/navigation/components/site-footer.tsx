import { Link } from 'react-router';
import { Anchor, Button, Container, Group, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { webRoutes } from '@dermis/contract';
import { useAppConfig } from '../../../lib/config/app-config';
import { t, type MessageKey } from '../../../lib/i18n';
import { scrollToTop } from '../scroll-to-top';

const footerLinks: Array<{ to: string; label: MessageKey }> = [
  { to: webRoutes.home, label: 'footer.home' },
  { to: webRoutes.termsOfUse, label: 'footer.termsOfUse' },
  { to: webRoutes.privacyPolicy, label: 'footer.privacyPolicy' },
  { to: webRoutes.badges, label: 'footer.badges' },
];

/** Spec 000 §2 footer, on public and signed-in pages alike. */
export function SiteFooter() {
  const version = useAppConfig()?.version;
  return (
    <Container size="lg" py="lg">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <nav aria-label={t('footer.navigation')}>
            <Group gap="lg" wrap="wrap">
              {footerLinks.map((link) => (
                <Anchor key={link.to} component={Link} to={link.to}>
                  {t(link.label)}
                </Anchor>
              ))}
            </Group>
          </nav>
          <Button variant="outline" size="xs" onClick={() => scrollToTop()}>
            {t('footer.top')}
          </Button>
        </Group>
        <Text size="sm">{t('footer.copyright', { year: new Date().getFullYear() })}</Text>
        <Text size="sm">
          {t('footer.terminology')}{' '}
          <Tooltip
            label={t('footer.terminologyTooltip')}
            multiline
            w={320}
            events={{ hover: true, focus: true, touch: true }}
          >
            <UnstyledButton className="footer-tooltip-trigger">
              {t('footer.terminologyCopyright')}
            </UnstyledButton>
          </Tooltip>
        </Text>
        {version && <Text size="sm">{t('footer.version', { version })}</Text>}
      </Stack>
    </Container>
  );
}
