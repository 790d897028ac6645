// Per-route loading: what a visitor of /login actually downloads. The JavaScript
// stays within the budget, and no chunk of a signed-in screen or of the signed-in navigation comes
// with it. Sizes are the gzip (level 9) of each script the browser fetched.
import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { chunkFileOf, groupChunkFile, loginBudgetGzipBytes, webDist } from './support/bundle';

const signedInModules = [
  'src/app/layouts/account-layout.tsx',
  'src/app/routes/account-settings-route.tsx',
  'src/app/routes/activity-log-routes.tsx',
  'src/app/routes/responsible-persons-route.tsx',
  'src/app/routes/health-apps-routes.tsx',
  'src/app/routes/appointments-route.tsx',
  'src/app/routes/messages-routes.tsx',
  'src/app/routes/health-profile-route.tsx',
  'src/features/two-step/components/sign-in-two-step.tsx',
];
/**
 * `app`, the shared signed-in code, holds what every main screen runs (decision 329): the signed-in
 * header, a stored session's check, and what decision 049 took out of /login to load on first use,
 * the footer's tooltip (floating-ui) and the entry calls (zod and the contract's schemas).
 */
const signedInGroups = ['app'];

test('/login downloads at most its JavaScript budget and nothing of the signed-in app', async ({ page }) => {
  const scripts = new Map<string, number>();
  const pending: Array<Promise<void>> = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    pending.push(
      response.body().then((body) => {
        scripts.set(new URL(response.url()).pathname, gzipSync(body, { level: 9 }).length);
      }),
    );
  });

  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await Promise.all(pending);

  const total = [...scripts.values()].reduce((sum, size) => sum + size, 0);
  console.log(`/login: ${scripts.size} scripts, ${(total / 1000).toFixed(1)} kB gzip`);
  expect(scripts.size).toBeGreaterThan(0);
  expect(total).toBeLessThanOrEqual(loginBudgetGzipBytes);

  const loaded = [...scripts.keys()];
  for (const module of signedInModules) {
    const file = `/${chunkFileOf(webDist, module)}`;
    expect(loaded, `${module} (${file}) must not load on /login`).not.toContain(file);
  }
  for (const group of signedInGroups) {
    const file = `/${groupChunkFile(webDist, group)}`;
    expect(loaded, `the ${group} chunk (${file}) must not load on /login`).not.toContain(file);
  }
});
