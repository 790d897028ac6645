import { enComponents } from './en-components';
import { enCore } from './en-core';
import { enLanguage } from './en-language';
import { enShell } from './en-shell';

/**
 * The texts the public pages and the page shell need: all that the sign-in page downloads. The
 * signed-in areas' texts come with `en` (en.ts), which the web app loads once a session exists
 * (decision 049), so a new area adds nothing to /login. This module must not import en.ts.
 */
export const enPublic = {
  ...enCore,
  ...enLanguage,
  ...enComponents,
  ...enShell,
} as const;
