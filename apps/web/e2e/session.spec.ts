import { expect, test, type Page } from '@playwright/test';
import { demo, sessionKey, signIn, storedSession } from './support/app';

/** A well-formed JWT whose exp is in the past; the server refuses it with 401. */
function expiredAccessToken(): string {
  const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  return `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ practiceId: 1, userId: 1, username: 'x', iat: now - 600, exp: now - 300, typ: 'access' })}.c2lnbmF0dXJl`;
}

async function minorId(page: Page): Promise<number> {
  const session = await storedSession(page);
  const user = session?.user as { responsibleForPatients: { id: number }[] };
  const first = user.responsibleForPatients[0];
  if (!first) throw new Error('the demo guardian has no minor');
  return first.id;
}

test('an expired access token is refreshed once, silently', async ({ page }) => {
  await signIn(page, demo.guardian);
  await expect(page).toHaveURL(/\/my-health-profile$/);
  const id = await minorId(page);
  // The token is replaced on a page of the same origin where no app runs (the favicon): the app's
  // own start-up work, still running, could otherwise write the session back after we do.
  await page.goto('/favicon.svg');
  const expired = expiredAccessToken();
  await page.evaluate(
    ([key, token]) => {
      const session = JSON.parse(window.localStorage.getItem(key!)!) as Record<string, unknown>;
      window.localStorage.setItem(key!, JSON.stringify({ ...session, accessToken: token }));
    },
    [sessionKey, expired],
  );
  let refreshes = 0;
  page.on('request', (r) => {
    if (r.url().includes('/api/auth/refreshToken/getAccessToken')) refreshes += 1;
  });

  await page.goto(`/${id}/health-information`);
  await expect(page.getByText('Viewing the account of:')).toBeVisible();
  await expect(page.getByTestId('acting-for-banner').getByText('Emma Reed')).toBeVisible();
  // Not 'networkidle': Chromium keeps the unread bodies of the two 401 answers open, so the page
  // never idles; the stored token changing is the refresh's end.
  await expect.poll(async () => (await storedSession(page))?.accessToken).not.toBe(expired);
  expect(refreshes).toBe(1);
  const stored = await storedSession(page);
  expect(stored?.accessToken).toEqual(expect.any(String));
  expect(stored?.accessToken).not.toBe(expired);
  await expect(page).toHaveURL(new RegExp(`/${id}/health-information$`));
});

test('a failed refresh signs out', async ({ page }) => {
  await signIn(page, demo.patient);
  await expect(page).toHaveURL(/\/my-health-profile$/);
  // Let the page's own start-up calls finish, so none of them writes the session after we do.
  await page.waitForLoadState('networkidle');
  await page.evaluate((key) => {
    const session = JSON.parse(window.localStorage.getItem(key)!) as Record<string, unknown>;
    const broken = 'eyJhbGciOiJIUzI1NiJ9.eyJleHAiOjQxMDI0NDQ4MDB9.c2ln'; // exp in 2100, bad signature
    window.localStorage.setItem(
      key,
      JSON.stringify({ ...session, accessToken: broken, refreshToken: broken }),
    );
  }, sessionKey);
  await page.goto('/account/settings');
  await page.reload();
  // Either the restore or the first call's refresh fails: the user ends on /login, storage cleared.
  await expect(page).toHaveURL(/\/login/);
});

test('a responsible person acts for the minor; another patient is forbidden', async ({ page }) => {
  await signIn(page, demo.guardian);
  await expect(page).toHaveURL(/\/my-health-profile$/);
  const id = await minorId(page);

  await page.getByRole('button', { name: 'Responsible Person' }).click();
  await page.getByRole('menuitem', { name: 'View as Emma Reed' }).click();
  await expect(page).toHaveURL(new RegExp(`/${id}/health-information$`));
  await expect(page.getByText('Viewing the account of:')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Activity Log' })).toHaveAttribute(
    'href',
    `/${id}/activity-log`,
  );

  await page.getByRole('button', { name: new RegExp(demo.guardian.firstName) }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await signIn(page, demo.patient);
  await expect(page).toHaveURL(/\/my-health-profile$/);
  await page.goto(`/${id}/health-information`);
  await expect(page).toHaveURL(/\/forbidden$/);
  await expect(
    page.getByText("403 Access Denied - You don't have permission to access requested page."),
  ).toBeVisible();
});
