import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { demo, signIn } from './support/app';

const sizes = {
  desktop: { width: 1280, height: 800 },
  tablet: { width: 768, height: 1024 },
  phone: { width: 390, height: 844 },
} as const;

/** axe-core over the whole page: no violation of any impact. */
async function expectNoA11yViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  expect(
    results.violations.map(
      (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    ),
  ).toEqual([]);
}

async function attachScreenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await testInfo.attach(name, { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });
}

for (const [sizeName, viewport] of Object.entries(sizes)) {
  test.describe(`at ${sizeName} size`, () => {
    test.use({ viewport });

    test('the sign-in page is a centred card with the practice logo, help line, invited path and legal notices', async ({
      page,
    }, testInfo) => {
      await page.goto('/login');
      // On a busy machine the app's start (which titles the page) and the branding's answer (which
      // names the card) each took longer than an assertion's 5 s: the test waits for each itself,
      // as long as the test may run, then checks what was drawn.
      await page.waitForFunction(() => document.title === 'Dermis - Sign In');
      const card = page.locator('.public-card');
      await card.locator('.practice-name').waitFor();
      await expect(card.locator('.practice-name')).toHaveText('Sunshine Dermatology');
      await expect(card.locator('img.practice-logo')).toHaveAttribute(
        'src',
        /\/api\/practice-branding\/\d+\/logo/,
      );
      await expect(card).toContainText('(239) 555-0100');
      await expect(card).toContainText('Invited by your practice');
      await expect(card.getByRole('link', { name: 'Privacy Policy' })).toBeVisible();
      const brand = await page.evaluate(() =>
        getComputedStyle(document.documentElement).getPropertyValue('--dermis-brand').trim(),
      );
      expect(brand).toBe('#b45309');
      await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
      await expectNoA11yViolations(page);
      await attachScreenshot(page, testInfo, `sign-in-${sizeName}`);
    });

    test('the signed-in shell: no sideways scrolling, focus on each page heading, axe clean', async ({
      page,
    }, testInfo) => {
      await signIn(page, demo.guardian);
      await expect(page).toHaveURL(/\/my-health-profile$/);
      await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
      // No red '0' badge; the button is named plainly when nothing is new.
      const small = viewport.width < 992;
      if (small) {
        await expect(page.getByRole('button', { name: 'Notifications' })).toBeHidden();
        await page.getByRole('button', { name: 'Open menu' }).click();
        const drawer = page.getByRole('dialog', { name: 'Menu' });
        await expect(drawer.getByRole('link', { name: 'My Health Profile' })).toBeVisible();
        await expect(drawer.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
        await expectNoA11yViolations(page);
        await page.keyboard.press('Escape');
        await expect(drawer).toBeHidden();
        await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
      } else {
        await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
        await expect(page.getByRole('button', { name: 'Open menu' })).toBeHidden();
      }
      await page.goto('/account/activity-log');
      // A table on a wide screen, stacked cards on a narrow one: either way the sign-in is listed.
      await expect(page.getByTestId('activity-log-table').getByText('Signed in').first()).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await expectNoA11yViolations(page);

      await page.goto('/account/settings');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoA11yViolations(page);
      await attachScreenshot(page, testInfo, `account-settings-${sizeName}`);
    });
  });
}
