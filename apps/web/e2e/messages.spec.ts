import fs from 'node:fs';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { apiProfile, apiSignIn } from './account-api';
import { demo, expectNoSeriousA11yViolations, signIn } from './support/app';
import { e2eApiKey } from './support/cli';
import { invitedPatient } from './support/invited-patient';
import { mailTo } from './support/mailbox';
import { screenshots } from './support/screenshots';

// The messages area end to end against the real server and the seeded demo practice — an
// unread message from the clinic is read (badge drops), replied to over Direct with an attachment,
// forwarded by e-mail with the original's attachment, found in Sent; the health summary is transmitted by e-mail and by Direct; the
// guardian does the same for the minor from the /{id}/ routes.

const practiceAddress = 'frontdesk@direct.dermis-demo.org';

/**
 * On a phone the message's actions stack at full width inside the card, each on one line (the
 * review found Spanish's 'Reenviar' pushed onto a line of its own beside the others).
 */
async function expectActionsFitOnPhone(page: Page) {
  await page.setViewportSize({ width: 390, height: 844 });
  const card = (await page.getByTestId('message-view').boundingBox())!;
  const buttons = page.getByTestId('message-actions').getByRole('link');
  await expect(buttons).toHaveCount(3);
  const boxes = await Promise.all((await buttons.all()).map(async (button) => (await button.boundingBox())!));
  for (const box of boxes) {
    expect(box.x).toBeGreaterThanOrEqual(card.x);
    expect(box.x + box.width).toBeLessThanOrEqual(card.x + card.width);
    expect(Math.round(box.width)).toBe(Math.round(boxes[0]!.width));
    expect(Math.round(box.height)).toBe(Math.round(boxes[0]!.height));
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

const file = (name: string, bytes: number) => ({
  name,
  mimeType: 'text/plain',
  buffer: Buffer.alloc(bytes, 'a'),
});

async function readReplyForward(
  page: Page,
  testInfo: TestInfo,
  base: string,
  subject: string,
  attachment: string | null,
  shots: boolean,
) {
  await page.goto(`${base}/inbox`);
  const badge = page.getByTestId('messages-unread-badge');
  await expect(badge).toBeVisible();
  const before = Number((await badge.locator('[aria-hidden]').textContent()) ?? '0');
  expect(before).toBeGreaterThan(0);
  const row = page.getByTestId('message-row').filter({ hasText: subject });
  await expect(row).toHaveAttribute('data-unread', 'true');
  if (shots) await screenshots(page, testInfo, 'messages-inbox');

  await row.click();
  await expect(page.getByTestId('message-subject')).toHaveText(subject);
  await expect(page.getByTestId('message-from')).toContainText(practiceAddress);
  if (attachment) await expect(page.getByTestId('message-attachment')).toHaveText(attachment);
  // Opening it marked it read: the count dropped by one (gone at zero).
  if (before > 1) await expect(badge.locator('[aria-hidden]')).toHaveText(String(before - 1));
  else await expect(badge).toHaveCount(0);
  if (shots) {
    await screenshots(page, testInfo, 'messages-view');
    await expectActionsFitOnPhone(page);
  }
  await expectNoSeriousA11yViolations(page);

  // Reply, with an attachment: progress shown, oversize and duplicate refused with the spec's notices.
  await page.getByTestId('message-reply').click();
  await expect(page.getByTestId('compose-subject')).toHaveValue(`Re: ${subject}`);
  await expect(page.getByTestId('compose-to')).toHaveValue(practiceAddress);
  await expect(page.getByRole('checkbox', { name: /Direct Message/ })).toBeChecked();
  await expect(page.getByTestId('compose-content')).toHaveValue(/_{40}\nFrom: /);
  const picker = page.locator('[data-testid=compose-attachments] input[type=file]');
  // A file on disk keeps its last-modified time, so choosing it again is the same file (name + time).
  const onDisk = testInfo.outputPath('photo-notes.txt');
  fs.writeFileSync(onDisk, Buffer.alloc(400_000, 'a'));
  await picker.setInputFiles(onDisk);
  await expect(page.getByTestId('attachment-progress')).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'photo-notes.txt' })).toBeChecked();
  await picker.setInputFiles(onDisk);
  await expect(page.getByText('You cannot add same file in attachment')).toBeVisible();
  await picker.setInputFiles([file('scan.txt', 3_500_001)]);
  await expect(page.getByText('scan.txt is larger than 3.5 MB')).toBeVisible();
  await expect(page.getByTestId('attachment-checkbox')).toHaveCount(1);
  if (shots) await screenshots(page, testInfo, 'messages-compose-reply');
  await expectNoSeriousA11yViolations(page);
  await page.getByTestId('compose-send').click();
  await expect(page).toHaveURL(new RegExp(`${base}/inbox$`));

  // Forward it, with its attachment (decision 121).
  await page.getByTestId('message-row').filter({ hasText: subject }).click();
  await page.getByTestId('message-forward').click();
  await expect(page.getByTestId('compose-subject')).toHaveValue(`Fwd: ${subject}`);
  await expect(page.getByTestId('compose-content')).toHaveValue(/Forwarded/);
  if (attachment) await expect(page.getByRole('checkbox', { name: attachment })).toBeChecked();
  // By e-mail this time: a Direct address outside the portal would need the practice's HISP. The
  // attachment is copied again for e-mail.
  await page.getByRole('checkbox', { name: /Direct Message/ }).uncheck();
  if (attachment) await expect(page.getByRole('checkbox', { name: attachment })).toBeChecked();
  await page.getByTestId('compose-to').fill('not an address');
  await page.getByTestId('compose-send').click();
  await expect(page.getByText('Address not valid')).toBeVisible();
  await expect(page.getByTestId('compose-content')).toHaveValue(/Forwarded/);
  await page.getByTestId('compose-to').fill('records@example.org');
  await page.getByTestId('compose-send').click();
  await expect(page).toHaveURL(new RegExp(`${base}/inbox$`));

  await page.getByTestId('messages-nav-sent').click();
  await expect(page.getByTestId('message-row').filter({ hasText: `Re: ${subject}` })).toBeVisible();
  const forwarded = page.getByTestId('message-row').filter({ hasText: `Fwd: ${subject}` });
  await expect(forwarded).toBeVisible();
  if (shots) await screenshots(page, testInfo, 'messages-sent');
  if (attachment) {
    await forwarded.click();
    await expect(page.getByTestId('message-attachment')).toHaveText(attachment);
  }
}

async function transmit(page: Page, testInfo: TestInfo, base: string, address: string, shots: boolean) {
  await page.goto(`${base}/transmit?startDate=01/01/2000&endDate=12/31/2099`);
  await expect(page.getByTestId('transmit-start')).toHaveValue('01/01/2000');
  await expect(page.getByTestId('transmit-attachment')).toContainText(
    'Health_Summary_01_01_2000_12_31_2099.zip',
  );
  if (shots) await screenshots(page, testInfo, 'messages-transmit');
  await page.getByTestId('transmit-email').check();
  await page.getByTestId('transmit-to').fill(address);
  await page.getByTestId('transmit-send').click();
  await expect(page).toHaveURL(new RegExp(`${base}/inbox$`));
  await expect
    .poll(async () => (await mailTo(page.request, address)).length, { timeout: 15_000 })
    .toBeGreaterThan(0);

  // By Direct, to the practice's own address (delivered locally).
  await page.goto(`${base}/transmit`);
  await page.getByTestId('transmit-direct').check();
  await page.getByTestId('transmit-to').fill(practiceAddress);
  await page.getByTestId('transmit-send').click();
  await expect(page).toHaveURL(new RegExp(`${base}/inbox$`));
  await page.getByTestId('messages-nav-sent').click();
  await expect(page.getByTestId('message-row').filter({ hasText: 'Health Summary' }).first()).toBeVisible();
}

test('Maria reads, replies with an attachment, forwards and transmits her summary', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  await signIn(page, demo.patient);
  await expect(page).toHaveURL(/\/my-health-profile$/);
  await readReplyForward(
    page,
    testInfo,
    '/messages',
    'Your biopsy results',
    'biopsy-pathology-report.pdf',
    true,
  );
  await expectNoSeriousA11yViolations(page);
  await transmit(page, testInfo, '/messages', 'records@example.org', true);

  await page.goto('/account/activity-log');
  const log = page.getByTestId('activity-log-table');
  await expect(log).toContainText('Transmitted via email to records@example.org');
  await expect(log).toContainText('Transmitted via Direct');
});

test('Daniel does the same for Emma from the /{id}/ routes', async ({ page, request }, testInfo) => {
  test.setTimeout(180_000);
  const guardian = await apiProfile(request, demo.guardian);
  const emmaId = guardian.responsibleForPatients.find((p) => p.firstName === 'Emma')?.id;
  expect(emmaId).toBeDefined();
  await signIn(page, demo.guardian);
  await expect(page).toHaveURL(/\/my-health-profile$/);
  const base = `/${emmaId}/messages`;
  await page.goto(`${base}/inbox`);
  await expect(page.getByTestId('messages-viewing')).toContainText('Viewing the account of:');
  await expect(page).toHaveTitle('Dermis - Direct Messages - Responsible Person');
  await readReplyForward(page, testInfo, base, 'Emma’s eczema follow-up', null, false);
  await screenshots(page, testInfo, 'messages-acting-for');
  await expectNoSeriousA11yViolations(page);
  await transmit(page, testInfo, base, 'school-nurse@example.org', false);
  await page.goto(`/${emmaId}/activity-log`);
  const log = page.getByTestId('activity-log-table');
  await expect(log).toContainText('Transmitted via email to school-nurse@example.org');
  await expect(log).toContainText('Transmitted via Direct');
});

test('a long inbox shows 50 messages, and Show more the next ones by keyboard', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  // A patient of their own: 55 messages in a shared account's inbox would push the others' aside.
  const patient = await invitedPatient(page, page.request, 'inbox', 'LongInbox123');
  for (let n = 1; n <= 55; n += 1) {
    const answer = await page.request.post(
      `/api/integration/patients/${patient.externalId}/direct-messages`,
      {
        headers: { 'X-Api-Key': e2eApiKey() },
        data: { subject: `Note ${n} from the clinic`, content: `Note ${n}.`, fromName: 'Front desk' },
      },
    );
    expect(answer.ok(), await answer.text()).toBe(true);
  }
  await signIn(page, patient);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/messages/inbox');
  const rows = page.getByTestId('message-row');
  await expect(rows).toHaveCount(50);
  // Newest first: the last one sent heads the list.
  await expect(rows.first()).toContainText('Note 55 from the clinic');
  await expect(page.getByTestId('messages-shown-count')).toHaveText('Showing 50 of 55 messages');
  await screenshots(page, testInfo, 'inbox-first-page');

  const more = page.getByRole('button', { name: 'Show more messages' });
  await more.focus();
  await page.keyboard.press('Enter');
  await expect(rows).toHaveCount(55);
  await expect(rows.nth(50)).toBeFocused();
  await expect(rows.nth(50)).toContainText('Note 5 from the clinic');
  await expect(page.getByTestId('messages-shown-count')).toHaveText('Showing 55 of 55 messages');
  await expect(more).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  // The account's language (this patient's own), then the inbox read afresh: its first page again.
  const token = await apiSignIn(page.request, patient);
  const changed = await page.request.post('/api/app/profile/changeLanguage', {
    headers: { Authorization: `Bearer ${token}` },
    data: { language: 'es' },
  });
  expect(changed.ok(), await changed.text()).toBe(true);
  await page.reload();
  await expect(page.getByTestId('messages-shown-count')).toHaveText('Se muestran 50 de 55 mensajes');
  await expect(page.getByRole('button', { name: 'Mostrar más mensajes' })).toBeVisible();
  await screenshots(page, testInfo, 'inbox-first-page-es');
});
