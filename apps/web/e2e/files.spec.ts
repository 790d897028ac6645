import { expect, test } from '@playwright/test';
import { apiProfile, apiSignIn } from './account-api';
import { demo, expectNoSeriousA11yViolations, signIn } from './support/app';
import { e2eApiKey } from './support/cli';

// Documents and insurance (spec 001 §2, §4, §5): Maria's demo documents (inside and outside
// the last 7 days) and her two policies (the second expired).

test('documents: default range, shortcuts, typed dates, empty range, download recorded in the activity log', async ({
  page,
}, testInfo) => {
  await signIn(page, demo.patient);
  await expect(page).toHaveURL(/\/my-health-profile$/);
  await page.goto('/my-health-profile/documents');
  await expect(page).toHaveTitle('Dermis - Documents');
  await expect(page.getByRole('heading', { level: 1, name: 'Documents' })).toBeVisible();

  const table = page.getByTestId('documents-table');
  const rows = table.locator('tbody tr');
  // Default: the last 7 days, newest first.
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('Visit summary - acne follow-up');
  await expect(rows.nth(1)).toContainText('Patch test results');
  await expect(rows.nth(0)).toContainText(/[A-Z][a-z]+ \d{2}, \d{4}/);
  await expect(page.getByRole('button', { name: 'Last 7 days' })).toHaveAttribute('aria-pressed', 'true');

  await page.getByRole('button', { name: 'Last 15 days' }).click();
  await expect(rows).toHaveCount(3);
  await page.getByRole('button', { name: 'Last 1 month' }).click();
  await expect(rows).toHaveCount(4);
  await expect(rows.nth(3)).toContainText('Skin care instructions');

  // Typed MM-DD-YYYY dates: everything since 2020.
  await page.getByTestId('documents-from').fill('01-01-2020');
  await expect(rows).toHaveCount(5);
  await expect(rows.nth(4)).toContainText('Referral letter');
  await testInfo.attach('documents-desktop', {
    body: await page.screenshot({ fullPage: true }),
    contentType: 'image/png',
  });

  // Start after end: the message, and no list.
  await page.getByTestId('documents-from').fill('12-31-2099');
  await expect(page.getByText('Start date must be before end date')).toBeVisible();
  await expect(page.getByTestId('documents-empty-range')).toHaveText(
    'There are no uploaded documents for chosen date range.',
  );
  await page.getByTestId('documents-from').fill('01-01-2020');
  await page.getByTestId('documents-to').fill('01-02-2020');
  await expect(page.getByTestId('documents-empty-range')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Download the newest document through its signed link.
  await page.getByRole('button', { name: 'Last 7 days' }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download Visit summary - acne follow-up' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('visit-summary-acne-follow-up.pdf');
  const path = await download.path();
  const { readFileSync } = await import('node:fs');
  expect(readFileSync(path).subarray(0, 5).toString()).toBe('%PDF-');

  await page.goto('/account/activity-log');
  await expect(
    page.getByTestId('activity-log-table').getByText('Downloaded a document').first(),
  ).toBeVisible();

  // A phone shows the same list as cards.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/my-health-profile/documents');
  await expect(page.getByTestId('documents-table').getByText('Patch test results')).toBeVisible();
  await testInfo.attach('documents-phone', {
    body: await page.screenshot({ fullPage: true }),
    contentType: 'image/png',
  });
  await expectNoSeriousA11yViolations(page);
});

test('insurance: policies by order, expired flagged, detail and history one at a time', async ({
  page,
}, testInfo) => {
  await signIn(page, demo.patient);
  await expect(page).toHaveURL(/\/my-health-profile$/);
  await page.goto('/my-health-profile/insurance-profile');
  await expect(page).toHaveTitle('Dermis - Insurance Profile');
  const cards = page.getByTestId('policy-card');
  await expect(cards).toHaveCount(2);
  await expect(cards.nth(0)).toContainText('Blue Choice PPO');
  await expect(cards.nth(0)).toContainText('Active');
  await expect(cards.nth(1)).toContainText('Dental Basic');
  await expect(cards.nth(1).getByTestId('policy-expired')).toHaveText('Expired');
  await expect(page.getByTestId('insurance-back')).toHaveCount(1);
  await testInfo.attach('insurance-list', {
    body: await page.screenshot({ fullPage: true }),
    contentType: 'image/png',
  });
  // The Active badge included (it failed colour contrast).
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'View details of Blue Choice PPO' }).click();
  const detail = page.getByTestId('policy-detail');
  await expect(detail).toContainText('Female');
  await expect(detail).toContainText('PO Box 1798, Jacksonville, FL 32231');
  await expect(detail).not.toContainText('FEMALE');
  await expect(detail).not.toContainText('Order');
  await expect(page.getByTestId('insurance-back')).toHaveCount(1);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Back to the list' }).click();

  await page.getByRole('button', { name: 'View details of Dental Basic' }).click();
  await expect(detail).toContainText(/This policy expired on \d{2}\/\d{2}\/\d{4}\./);
  await expect(detail).toContainText('Delta Dental');
  await expect(detail).toContainText('Spouse');
  await expect(page.getByTestId('policy-card')).toHaveCount(0);
  await testInfo.attach('insurance-detail', {
    body: await page.screenshot({ fullPage: true }),
    contentType: 'image/png',
  });
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Back to the list' }).click();
  await page.getByTestId('insurance-history').click();
  const history = page.getByTestId('policy-history');
  await expect(history.getByTestId('policy-card')).toHaveCount(1);
  await expect(history).toContainText('Dental Basic');
  await expect(history).not.toContainText('There are no earlier policies.');
  await expect(page.getByTestId('policy-detail')).toHaveCount(0);
  await expect(page.getByTestId('insurance-back')).toHaveCount(1);
  await expectNoSeriousA11yViolations(page);

  // A phone: the list, a detail and the history, axe clean.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Back to the list' }).click();
  await expect(cards).toHaveCount(2);
  await testInfo.attach('insurance-list-phone', {
    body: await page.screenshot({ fullPage: true }),
    contentType: 'image/png',
  });
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'View details of Blue Choice PPO' }).click();
  await expect(detail).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Back to the list' }).click();
  await page.getByTestId('insurance-history').click();
  await expect(history).toContainText('Dental Basic');
  await expectNoSeriousA11yViolations(page);
});

test('a patient without documents or insurance sees the empty texts', async ({ page }) => {
  await signIn(page, demo.guardian);
  await expect(page).toHaveURL(/\/my-health-profile$/);
  await page.goto('/my-health-profile/documents');
  await expect(page.getByText("You don't have any documents uploaded")).toBeVisible();
  await page.goto('/my-health-profile/insurance-profile');
  await expect(page.getByText("You don't have an active insurance profile")).toBeVisible();
});

test('a guardian sees the documents and insurance of the minor they act for, and is refused another patient’s', async ({
  page,
  request,
}) => {
  const guardian = await apiProfile(request, demo.guardian);
  const maria = await apiProfile(request, demo.patient);
  const emma = guardian.responsibleForPatients.find((p) => p.firstName === 'Emma');
  expect(emma).toBeDefined();
  await signIn(page, demo.guardian);
  await expect(page).toHaveURL(/\/my-health-profile$/);

  await page.goto(`/${emma?.id}/my-health-profile/documents`);
  await expect(page.getByRole('heading', { level: 1, name: 'Documents' })).toBeVisible();
  await expect(page.getByText("You don't have any documents uploaded")).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Health Profile' })).toHaveAttribute(
    'href',
    `/${emma?.id}/my-health-profile`,
  );
  await page.goto(`/${emma?.id}/my-health-profile/insurance-profile`);
  await expect(page.getByText("You don't have an active insurance profile")).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.goto(`/${maria.id}/my-health-profile/documents`);
  await expect(page).toHaveURL(/\/forbidden$/);
});

test('a range holding more than a page shows 20 documents; Show more adds the rest by keyboard, in English and Spanish', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // The clinic files 25 documents of 2010 for Maria (idempotent by their ids): outside every range
  // the journeys above count.
  for (let i = 1; i <= 25; i += 1) {
    const filed = await page.request.put(`/api/integration/patients/DEMO-0001/documents/E2E-OLD-${i}`, {
      headers: { 'x-api-key': e2eApiKey() },
      data: {
        name: `Old letter ${String(i).padStart(2, '0')}`,
        fileName: `old-letter-${i}.txt`,
        mimeType: 'text/plain',
        dateCreated: `2010-06-${String(30 - i).padStart(2, '0')}T12:00:00Z`,
        contentBase64: Buffer.from(`Old letter ${i}`).toString('base64'),
      },
    });
    expect(filed.status(), await filed.text()).toBeLessThan(300);
  }
  const showYear2010 = async () => {
    await page.getByTestId('documents-from').fill('01-01-2010');
    await page.getByTestId('documents-to').fill('12-31-2010');
    await expect(page.getByTestId('documents-from')).toHaveValue('01-01-2010');
  };

  await signIn(page, demo.patient);
  await expect(page).toHaveURL(/\/my-health-profile$/);
  await page.goto('/my-health-profile/documents');
  await showYear2010();
  const rows = page.getByTestId('documents-table').locator('tbody tr');
  await expect(rows).toHaveCount(20);
  await expect(rows.nth(0)).toContainText('Old letter 01');
  await expect(page.getByTestId('documents-shown-count')).toHaveText('Showing 20 documents');
  const more = page.getByRole('button', { name: 'Show more documents' });
  await more.focus();
  await page.keyboard.press('Enter');
  await expect(rows).toHaveCount(25);
  await expect(rows.nth(20).getByText('Old letter 21')).toBeFocused();
  await expect(page.getByTestId('documents-shown-count')).toHaveText('Showing 25 documents');
  await expect(more).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  // In Spanish (the account's language, reset afterwards): the same first page.
  const token = await apiSignIn(page.request, demo.patient);
  const language = (value: 'en' | 'es') =>
    page.request.post('/api/app/profile/changeLanguage', {
      headers: { Authorization: `Bearer ${token}` },
      data: { language: value },
    });
  expect((await language('es')).ok()).toBe(true);
  try {
    await page.reload();
    // The page turns to Spanish once the account's language is known: the range is typed after that.
    await expect(page.getByRole('heading', { level: 1, name: 'Documentos' })).toBeVisible();
    await showYear2010();
    await expect(page.getByTestId('documents-shown-count')).toHaveText('Se muestran 20 documentos');
    await expect(page.getByRole('button', { name: 'Mostrar más documentos' })).toBeVisible();
  } finally {
    expect((await language('en')).ok()).toBe(true);
  }
});
