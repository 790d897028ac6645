import { useEffect } from 'react';
import type { UserProfile } from '@dermis/contract';
import { useApiClient } from '../../lib/api';
import { changeLanguage, currentLanguage, setLanguage, takePendingLanguage } from '../../lib/i18n';
import { useSessionStore } from '../../lib/session';

/**
 * After sign-in the account's language rules: a choice made on the sign-in page is stored on the
 * account; otherwise the account's stored choice (from any device) is applied.
 */
export function useAccountLanguage(user: UserProfile): void {
  const client = useApiClient();
  const store = useSessionStore();
  useEffect(() => {
    const pending = takePendingLanguage();
    if (pending) {
      if (pending === user.language) return;
      changeLanguage(client, pending)
        .then(({ language }) => {
          const signedIn = store.get().user;
          if (signedIn) store.setUser({ ...signedIn, language });
        })
        // Not saved: the choice still holds on this device, and the profile menu can save it again.
        .catch(() => undefined);
      return;
    }
    if (user.language && user.language !== currentLanguage()) void setLanguage(user.language);
  }, [client, store, user.language]);
}
