import {
  ActionIcon,
  Code,
  Group,
  Image,
  List,
  Loader,
  Stack,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { t } from '../../../lib/i18n';

interface AuthenticatorStepProps {
  qrCode?: string;
  secret?: string;
}

/**
 * Spec 000 §9: download an app, set up an account, scan the QR code (a spinner until the image
 * arrives). The secret is also shown as text: not everyone can scan a code from a screen.
 */
export function AuthenticatorStep({ qrCode, secret }: AuthenticatorStepProps) {
  return (
    <Stack gap="sm">
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <List type="ordered" spacing="xs">
          <List.Item>{t('twoStep.step1')}</List.Item>
          <List.Item>{t('twoStep.step2')}</List.Item>
          <List.Item>{t('twoStep.step3')}</List.Item>
        </List>
        <Tooltip label={t('twoStep.tooltip')} events={{ hover: true, focus: true, touch: true }} withArrow>
          <ActionIcon variant="subtle" aria-label={t('twoStep.tooltipLabel')} data-testid="two-step-tooltip">
            <IconInfoCircle size={20} aria-hidden />
            <VisuallyHidden>{t('twoStep.tooltip')}</VisuallyHidden>
          </ActionIcon>
        </Tooltip>
      </Group>
      {qrCode ? (
        <Image src={qrCode} alt={t('twoStep.qrAlt')} w={180} h={180} data-testid="two-step-qr" />
      ) : (
        <Loader role="status" aria-label={t('twoStep.qrLoading')} />
      )}
      {secret ? (
        <div>
          <Text size="sm" id="two-step-secret-label">
            {t('twoStep.manualKey')}
          </Text>
          <Code data-testid="two-step-secret" style={{ wordBreak: 'break-all' }}>
            {secret}
          </Code>
        </div>
      ) : null}
    </Stack>
  );
}
