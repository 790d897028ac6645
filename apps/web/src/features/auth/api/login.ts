import { defaults, type CodeLoginRequest, type LoginResponse } from '@dermis/contract';
import type { HttpClient } from '../../../lib/api';
import { loadEntryCalls } from '../../../lib/api/entry-call';

export interface PasswordCredentials {
  username: string;
  password: string;
  timeZoneId?: string;
}

/** POST /api/auth/login. Sent without a token, so a 401 here means bad credentials, never a refresh. */
export function login(client: HttpClient, credentials: PasswordCredentials): Promise<LoginResponse> {
  return client.call(() => loadEntryCalls().then((m) => m.signIn), {
    body: {
      username: credentials.username,
      password: credentials.password,
      clientVersion: defaults.clientVersion,
      application: defaults.application,
      timeZoneId: credentials.timeZoneId ?? defaults.timeZoneId,
    },
  });
}

/** POST /api/auth/login, second step: a code for one of the user's profiles and the temporary token. */
export function codeLogin(client: HttpClient, body: CodeLoginRequest): Promise<LoginResponse> {
  return client.call(() => loadEntryCalls().then((m) => m.signIn), { body });
}
