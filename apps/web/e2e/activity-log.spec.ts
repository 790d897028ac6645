import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiProfile } from './account-api';
import { demo, expectNoSeriousA11yViolations, signIn } from './support/app';

/** The browser's 'GMT+hh:mm' as the column header shows it. */
async function gmtHeader(page: Page): Promise<string> {
  const offset = await page.evaluate(() => {
    const minutes = -new Date().getTimezoneOffset();
    const sign = minutes >= 0 ? '+' : '-';
    const abs = Math.abs(minutes);
    return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
  });
  return `Date & Time (GMT${offset})`;
}

/**
 * The last `count` rows (newest first, so the oldest entries), once the table has loaded: the demo
 * seeds them, and whatever other journeys did before this file ran sits above them.
 */
async function oldest(rows: Locator, count: number): Promise<Locator[]> {
  await expect(rows.nth(count - 1)).toBeVisible();
  // A long table shows its first screenful first (components/screenful-first.ts): count the whole.
  await expect(rows.page().locator('[data-rows-pending]')).toHaveCount(0);
  const total = await rows.count();
  return Array.from({ length: count }, (_, index) => rows.nth(total - count + index));
}

test('a patient sees their own activity log', async ({ page }) => {
  await signIn(page, demo.patient);
  await expect(page).toHaveURL(/\/my-health-profile$/);
  await page.goto('/account/activity-log');
  await expect(page.getByRole('heading', { level: 1, name: 'Activity Log' })).toBeVisible();
  await expect(page.getByText('This is a log of your Patient Portal activity')).toBeVisible();
  const table = page.getByTestId('activity-log-table');
  await expect(table.getByRole('columnheader')).toHaveText(['Patient Name', 'Action', await gmtHeader(page)]);
  const rows = table.locator('tbody tr');
  // Newest first: this sign-in (other journeys sign Maria in too, so sign-ins are not counted).
  await expect(rows.nth(0)).toContainText('Signed in');
  // The demo's five entries are the oldest; journeys that ran earlier (views, transmits) come above.
  const seeded = await oldest(rows.filter({ hasNotText: 'Signed in' }), 5);
  // A health app she connected read her record through the FHIR API.
  await expect(seeded[0]!).toContainText('Health information accessed by Blue Button Health Viewer');
  await expect(seeded[1]!).toContainText('Connected Blue Button Health Viewer to health information');
  await expect(seeded[2]!).toContainText('Maria Lopez');
  await expect(seeded[2]!).toContainText('Transmitted via email to records@example.org');
  await expect(seeded[3]!).toContainText('Downloaded health information in PDF format');
  await expect(seeded[4]!).toContainText('Viewed health information');
  await expect(seeded[2]!.locator('td').nth(2)).toHaveText(
    /^[A-Z][a-z]{2} \d{1,2}(st|nd|rd|th) \d{4} \d{1,2}:\d{2}:\d{2} (AM|PM)$/,
  );
  await expectNoSeriousA11yViolations(page);
});

test('a guardian sees the minor’s log under /{id}/activity-log, and is refused another patient’s', async ({
  page,
  request,
}) => {
  const guardian = await apiProfile(request, demo.guardian);
  const maria = await apiProfile(request, demo.patient);
  const emma = guardian.responsibleForPatients.find((p) => p.firstName === 'Emma');
  expect(emma).toBeDefined();

  await signIn(page, demo.guardian);
  await expect(page).toHaveURL(/\/my-health-profile$/);
  await page.goto('/account/activity-log');
  // The guardian's own log holds their sign-ins only.
  const own = page.getByTestId('activity-log-table').locator('tbody tr');
  await expect(own.nth(0)).toContainText('Signed in');
  await expect(own.filter({ hasNotText: 'Signed in' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  await page.goto(`/${emma?.id}/activity-log`);
  await expect(page.getByRole('heading', { level: 1, name: 'Activity Log' })).toBeVisible();
  const seeded = await oldest(page.getByTestId('activity-log-table').locator('tbody tr'), 2);
  // Under "Patient Name" the patient; who acted for her beside it.
  await expect(seeded[0]!.locator('td').first()).toHaveText('Emma Reed (by Daniel Reed)');
  await expect(seeded[1]!.locator('td').first()).toHaveText('Emma Reed (by Daniel Reed)');
  await expect(seeded[0]!).toContainText('Downloaded health information in C-CDA format');
  await expect(seeded[1]!).toContainText('Viewed health information');
  await expect(page.getByText('Maria Lopez')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  await page.goto(`/${maria.id}/activity-log`);
  await expect(page).toHaveURL(/\/forbidden$/);
});
