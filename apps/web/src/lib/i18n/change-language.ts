import { accountSettingsCalls, type Language } from '@dermis/contract';
import type { HttpClient } from '../api/http-client';

/** POST profile/changeLanguage: stores the signed-in account's language. */
export function changeLanguage(client: HttpClient, language: Language): Promise<{ language: Language }> {
  return client.call(accountSettingsCalls.changeLanguage, { body: { language } });
}
