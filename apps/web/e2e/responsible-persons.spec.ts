import { expect, test } from '@playwright/test';
import { demo, expectNoSeriousA11yViolations, signIn } from './support/app';

test('a patient sees her responsible persons with relationship and contact', async ({ page }) => {
  await signIn(page, demo.patient);
  await expect(page).toHaveURL(/\/my-health-profile$/);
  await page.goto('/account/responsible-persons');
  await expect(page.getByRole('heading', { level: 1, name: 'Responsible Persons' })).toBeVisible();
  await expect(page.getByText('This is a list of your Responsible Persons')).toBeVisible();
  const table = page.getByTestId('responsible-persons-table');
  await expect(table.getByRole('columnheader')).toHaveText(['Name', 'Relationship', 'Contact']);
  await expect(table.locator('tbody tr')).toHaveCount(1);
  await expect(table.locator('tbody tr td')).toHaveText(['Carlos Lopez', 'Spouse', '(239) 555-0143']);
  await expectNoSeriousA11yViolations(page);
});

test('a patient without responsible persons is told so', async ({ page }) => {
  await signIn(page, demo.guardian);
  await expect(page).toHaveURL(/\/my-health-profile$/);
  await page.getByRole('button', { name: new RegExp(demo.guardian.firstName) }).click();
  await page.getByRole('menuitem', { name: 'Account' }).click();
  await page.getByRole('link', { name: 'Responsible Persons' }).click();
  await expect(page).toHaveURL(/\/account\/responsible-persons$/);
  await expect(page.getByText('You have not assigned any Responsible Persons')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
