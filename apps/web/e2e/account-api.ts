/**
 * API shortcuts for the account-area journeys: reading ids the browser test needs, and putting the
 * demo.new account back the way other spec files expect it (they sign in with its seeded credentials
 * on the same server), whatever a journey changed.
 */
import type { APIRequestContext } from '@playwright/test';

export interface Credentials {
  username: string;
  password: string;
}

export async function apiSignIn(request: APIRequestContext, who: Credentials): Promise<string> {
  const answer = await request.post('/api/auth/login', { data: who });
  if (!answer.ok()) throw new Error(`sign-in of ${who.username} failed: ${answer.status()}`);
  return ((await answer.json()) as { accessToken: string }).accessToken;
}

/** The signed-in user's profile (patient id, responsibleForPatients...). */
export async function apiProfile(
  request: APIRequestContext,
  who: Credentials,
): Promise<{ id: number; responsibleForPatients: { id: number; firstName: string }[] }> {
  const token = await apiSignIn(request, who);
  const answer = await request.post('/api/app/patient/getByUsername', {
    headers: { Authorization: `Bearer ${token}` },
    data: { username: who.username },
  });
  return (await answer.json()) as { id: number; responsibleForPatients: { id: number; firstName: string }[] };
}

/** Changes the account at `current` back to `seeded` (username and password), through the real calls. */
export async function restoreAccount(
  request: APIRequestContext,
  current: Credentials,
  seeded: Credentials,
): Promise<void> {
  if (current.username === seeded.username && current.password === seeded.password) return;
  const profile = await apiProfile(request, current);
  let token = await apiSignIn(request, current);
  const headers = () => ({ Authorization: `Bearer ${token}` });
  if (current.password !== seeded.password) {
    const answer = await request.post('/api/app/profile/changePassword', {
      headers: headers(),
      data: {
        username: current.username,
        oldPassword: current.password,
        newPassword: seeded.password,
        confirmNewPassword: seeded.password,
      },
    });
    if (!answer.ok()) throw new Error(`restoring the password failed: ${await answer.text()}`);
    token = ((await answer.json()) as { accessToken: string }).accessToken;
  }
  if (current.username !== seeded.username) {
    const answer = await request.post('/api/app/profile/changeUsername', {
      headers: headers(),
      data: { username: seeded.username, profileId: profile.id },
    });
    if (!answer.ok()) throw new Error(`restoring the username failed: ${await answer.text()}`);
  }
}
