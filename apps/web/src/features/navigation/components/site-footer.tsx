import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Anchor, Button, Container, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { webRoutes } from '@dermis/contract';
import { useAppConfig } from '../../../lib/config/app-config';
import { t, type MessageKey } from '../../../lib/i18n';
import { scrollToTop } from '../scroll-to-top';
import type { TerminologyTooltip as TooltipComponent } from './terminology-tooltip';

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
          {t('footer.terminology')} <TerminologyNotice />
        </Text>
        {version && <Text size="sm">{t('footer.version', { version })}</Text>}
      </Stack>
    </Container>
  );
}

/** What starts loading the tooltip: the visitor's first move, key, touch or focus anywhere. */
const firstInteractions = ['pointermove', 'pointerdown', 'keydown', 'touchstart', 'focusin'] as const;

/**
 * The terminology copyright with its tooltip. The tooltip's code (floating-ui) is not in the entry
 * chunk (decision 049): until the visitor first interacts with the page, the trigger is a plain
 * button that looks the same; then the tooltip's chunk loads and takes its place, opening at once if
 * the trigger was already hovered or focused.
 */
function TerminologyNotice() {
  const [loaded, setLoaded] = useState<{
    Tooltip: typeof TooltipComponent;
    engaged: { hovered: boolean; focused: boolean };
  } | null>(null);
  const engaged = useRef({ hovered: false, focused: false });

  useEffect(() => {
    let active = true;
    const load = () => {
      for (const name of firstInteractions) window.removeEventListener(name, load, true);
      void import('./terminology-tooltip').then((m) => {
        if (active) setLoaded({ Tooltip: m.TerminologyTooltip, engaged: { ...engaged.current } });
      });
    };
    for (const name of firstInteractions)
      window.addEventListener(name, load, { capture: true, passive: true });
    return () => {
      active = false;
      for (const name of firstInteractions) window.removeEventListener(name, load, true);
    };
  }, []);

  if (loaded) {
    return (
      <loaded.Tooltip label={t('footer.terminologyTooltip')} engaged={loaded.engaged}>
        {t('footer.terminologyCopyright')}
      </loaded.Tooltip>
    );
  }
  return (
    <UnstyledButton
      className="footer-tooltip-trigger"
      onPointerEnter={() => (engaged.current.hovered = true)}
      onPointerLeave={() => (engaged.current.hovered = false)}
      onFocus={() => (engaged.current.focused = true)}
      onBlur={() => (engaged.current.focused = false)}
    >
      {t('footer.terminologyCopyright')}
    </UnstyledButton>
  );
}
