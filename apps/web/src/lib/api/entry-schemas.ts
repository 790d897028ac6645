// The contract schemas that sign-in, the token refresh and a restored session parse with. This module
// (and zod with it, about 24 kB gzip) is loaded on first use through `loadSchemas`, never bundled into
// the entry chunk: a visitor of /login downloads it only when signing in (decision 049).
import { passwordLoginRequest } from '@dermis/contract';

export { accessTokenResponse, loginResponse, userProfile } from '@dermis/contract';

/** What the sign-in form checks before sending (spec 000 §5). */
export const signInFields = passwordLoginRequest.pick({ username: true, password: true, timeZoneId: true });
