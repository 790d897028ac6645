import { Group, SegmentedControl, Text } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { isLanguage, languages, type Language } from '@dermis/contract';
import { setLanguage, t, useLanguage } from '../lib/i18n';

/**
 * The language choice before sign-in (the sign-in and public pages): remembered on this device and
 * stored on the account at sign-in. Each language is named in itself and marked with its `lang`.
 */
export function LanguageSwitcher() {
  const language = useLanguage();
  return (
    <Group gap="xs" data-testid="language-switcher">
      <IconLanguage size={20} aria-hidden />
      <Text size="sm" id="language-switcher-label">
        {t('language.label')}
      </Text>
      <SegmentedControl
        size="xs"
        aria-labelledby="language-switcher-label"
        value={language}
        onChange={(value) => {
          if (isLanguage(value)) void setLanguage(value, { pending: true });
        }}
        data={languages.map((code: Language) => ({
          value: code,
          label: <span lang={code}>{t(`language.${code}`)}</span>,
        }))}
      />
    </Group>
  );
}
