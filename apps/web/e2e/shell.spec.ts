import { expect, test } from '@playwright/test';
import { demo, signIn } from './support/app';

test('only one dropdown is open at a time and a click outside closes it', async ({ page }) => {
  await signIn(page, demo.guardian);
  await expect(page).toHaveURL(/\/my-health-profile$/);
  const notifications = page.getByRole('button', { name: /Notifications/ });
  const profile = page.getByRole('button', { name: new RegExp(demo.guardian.firstName) });

  await notifications.click();
  await expect(page.getByText('No new notifications')).toBeVisible();
  await profile.click();
  await expect(page.getByText('No new notifications')).toBeHidden();
  await expect(page.getByRole('menuitem', { name: 'Logout' })).toBeVisible();

  await page.getByRole('main').click({ position: { x: 5, y: 5 } });
  await expect(page.getByRole('menuitem', { name: 'Logout' })).toBeHidden();
});

test('the dropdowns work from the keyboard', async ({ page }) => {
  await signIn(page, demo.patient);
  await expect(page).toHaveURL(/\/my-health-profile$/);
  const profile = page.getByRole('button', { name: new RegExp(demo.patient.firstName) });
  await profile.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Logout' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menuitem', { name: 'Logout' })).toBeHidden();
});

test('the footer carries its links, copyright year and terminology notice', async ({ page }) => {
  await page.goto('/login');
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: 'Terms of Use' })).toHaveAttribute('href', '/terms-of-use');
  await expect(footer.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
    'href',
    '/privacy-police',
  );
  await expect(footer.getByRole('link', { name: 'Badges' })).toHaveAttribute('href', '/badges');
  await expect(footer).toContainText(String(new Date().getFullYear()));
  await expect(footer).toContainText('20250901');
});

test('unknown paths say Page not found with a link to sign in', async ({ page }) => {
  await page.goto('/no/such/place');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.getByRole('link', { name: /sign-in/i }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('/account/create without a token says No such page', async ({ page }) => {
  await page.goto('/account/create');
  await expect(page.getByRole('heading', { name: 'No such page' })).toBeVisible();
});

test('the legal pages state the facts of the service', async ({ page }) => {
  await page.goto('/privacy-police');
  const main = page.getByRole('main');
  await expect(main).toContainText('Naples, Florida');
  await expect(main).toContainText('Oct 1, 2013');
  await page.goto('/terms-of-use');
  await expect(page.getByRole('main')).toContainText('HIPAA');
  await expect(page.getByRole('main')).toContainText('HITECH');
  await page.goto('/terms-and-conditions');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('/badges shows a snippet for each of the five sizes', async ({ page }) => {
  await page.goto('/badges');
  const sizes = [
    ['xlarge', 201, 70],
    ['large', 144, 50],
    ['medium', 115, 40],
    ['small', 81, 25],
    ['xsmall', 52, 16],
  ] as const;
  for (const [size, width, height] of sizes) {
    await page.getByRole('radio', { name: new RegExp(`\\(${width}x${height}\\)`) }).check();
    const snippet = page.getByRole('textbox', { name: /HTML snippet/ });
    await expect(snippet).toHaveValue(new RegExp(`dermis-${size}\\.svg`));
    await expect(snippet).toHaveValue(new RegExp(`width="${width}" height="${height}"`));
    await expect(snippet).toHaveValue(/<a href="[^"]+\/login"/);
  }
});
