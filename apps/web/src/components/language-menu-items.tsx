import { useState } from 'react';
import { Menu } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { languages, type Language, type UserProfile } from '@dermis/contract';
import { useApiClient } from '../lib/api';
import { changeLanguage, setLanguage, t, useLanguage } from '../lib/i18n';
import { useSessionStore } from '../lib/session';

/**
 * The language choice after sign-in, inside the profile menu: stored on the account first, so
 * another device and the e-mails follow it, then applied.
 */
export function LanguageMenuItems() {
  const language = useLanguage();
  const client = useApiClient();
  const store = useSessionStore();
  const queryClient = useQueryClient();
  const [failed, setFailed] = useState(false);

  async function choose(next: Language) {
    try {
      await changeLanguage(client, next);
      const user = store.get().user;
      if (user) store.setUser({ ...user, language: next });
      // The cached profile (features/auth's user query) would otherwise bring the old choice back.
      queryClient.setQueriesData<UserProfile>({ queryKey: ['user-by-username'] }, (old) =>
        old ? { ...old, language: next } : old,
      );
      await setLanguage(next);
    } catch {
      setFailed(true);
    }
  }

  return (
    <>
      <Menu.Divider />
      <Menu.Label>{failed ? t('language.changeFailed') : t('language.label')}</Menu.Label>
      {languages.map((code) => (
        <Menu.Item
          key={code}
          lang={code}
          aria-current={code === language ? 'true' : undefined}
          leftSection={
            code === language ? <IconCheck size={16} aria-hidden /> : <span style={{ width: 16 }} />
          }
          onClick={() => void choose(code)}
          data-testid={`language-menu-${code}`}
        >
          {t(`language.${code}`)}
        </Menu.Item>
      ))}
      <Menu.Divider />
    </>
  );
}
