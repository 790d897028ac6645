import { expect as baseExpect, test, type Locator, type Page, type TestInfo } from '@playwright/test';
import { demo, expectNoSeriousA11yViolations, signIn } from './support/app';

// Care team (spec 001 §2, §4, §5): Maria's demo team of three (her referring family
// physician first). She searches the directory, adds a provider, drags it with the mouse, moves it
// with the keyboard (dnd-kit's keyboard sensor), reloads, and removes it with confirmation. Every
// change saves the whole list (careteam/save) with orders 1..n. The test puts her team back.

// The test machine has only two busy cores: a sign-in or a save may take longer than the default 5 s.
const expect = baseExpect.configure({ timeout: 20_000 });

const savedTeam = (page: Page) =>
  page.waitForResponse((r) => r.url().includes('/careteam/save') && r.request().method() === 'POST');

async function shoot(page: Page, testInfo: TestInfo, name: string) {
  const body = await page.screenshot({ fullPage: true });
  await testInfo.attach(name, { body, contentType: 'image/png' });
  await import('node:fs/promises').then((fs) => fs.writeFile(testInfo.outputPath(`${name}.png`), body));
}

async function expectOrder(members: Locator, names: string[]) {
  await expect(members).toHaveCount(names.length);
  for (const [index, name] of names.entries()) {
    await expect(members.nth(index)).toContainText(name);
    await expect(members.nth(index)).toContainText(`${index + 1}.`);
  }
}

/**
 * Picks up a member with the keyboard, ready for the arrow keys. dnd-kit's keyboard sensor moves
 * only while the next place is in the upper half of the viewport (further down it scrolls the page
 * instead), so the member's card is first brought to the top. And the sensor starts listening for
 * arrow keys in a task it queues when the drag starts (setTimeout), after aria-pressed and the
 * 'Picked up' announcement show: under load an ArrowDown sent at once came first and was lost. A
 * task queued after that one has run once the sensor listens; that is what is waited for.
 */
async function pickUp(page: Page, handle: Locator, name: string) {
  await handle.evaluate((el) =>
    el.closest('[data-testid="care-team-member"]')?.scrollIntoView({ block: 'start' }),
  );
  await handle.focus();
  await page.keyboard.press('Space');
  await expect(handle).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('status').filter({ hasText: `Picked up ${name}` })).toHaveCount(1);
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve)));
}

/**
 * Every result line shows whole: no text of a result reaches past a box that clips it (the review
 * read 'Brian Smith. MD. FAAD', the commas cut to dots by a 10 px high label).
 */
async function expectResultsUnclipped(page: Page) {
  const results = page.getByTestId('care-team-results').getByRole('button');
  await expect(results.first()).toBeVisible();
  const clipped = await results.evaluateAll((buttons) =>
    buttons.flatMap((button) => {
      const texts = [...button.querySelectorAll('*')].filter((el) =>
        [...el.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim()),
      );
      return texts.flatMap((text) => {
        const box = text.getBoundingClientRect();
        const cut: string[] = [];
        for (let el: Element | null = text.parentElement; el && button.contains(el); el = el.parentElement) {
          if (getComputedStyle(el).overflowY === 'visible') continue;
          const clip = el.getBoundingClientRect();
          if (box.top < clip.top - 0.5 || box.bottom > clip.bottom + 0.5) cut.push(text.textContent ?? '');
        }
        return cut;
      });
    }),
  );
  expect(clipped).toEqual([]);
}

test('care team: search, add, drag, keyboard reorder, reload keeps the order, remove with confirmation', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000); // a long journey, on a shared machine
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, demo.patient);
  await expect(page).toHaveURL(/\/my-health-profile$/);
  await page.getByRole('link', { name: 'My Care Team' }).first().click();
  await expect(page).toHaveURL(/\/my-health-profile\/my-care-team$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My Care Team' })).toBeVisible();

  const members = page.getByTestId('care-team-member');
  await expect(members).toHaveCount(3);
  await expect(members.nth(0).getByTestId('care-team-referring')).toHaveText('Referring physician');
  await expect(page.getByTestId('care-team-referring')).toHaveCount(1);
  const referring = ((await members.nth(0).locator('p').nth(1).textContent()) ?? '').split(',')[0]!.trim();
  await expectOrder(members, [referring, 'Olivia Bennett', 'Marcus Hale']);

  // The search box: the hint, nothing fired at 2 characters, results above 2; it hides on blur.
  await page.getByRole('button', { name: 'Add provider' }).click();
  const search = page.getByTestId('care-team-search');
  await expect(search).toBeFocused();
  await search.fill('ga');
  await expect(page.getByText('Please enter more than 2 characters...')).toBeVisible();
  await expect(page.getByTestId('care-team-results')).toHaveCount(0);
  await page.getByRole('heading', { level: 1 }).click();
  await expect(search).toBeHidden();

  await page.getByRole('button', { name: 'Add provider' }).click();
  await search.fill('garcia');
  const result = page
    .getByTestId('care-team-results')
    .getByRole('button')
    .filter({ hasText: 'Garcia' })
    .first();
  await expect(result).toBeVisible();
  await expectResultsUnclipped(page);
  // The hint is for too short a text: with results showing it has gone.
  await expect(page.getByText('Please enter more than 2 characters...')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  const added = ((await result.textContent()) ?? '').split(',')[0]!.trim();
  const addSaved = savedTeam(page);
  await result.click();
  expect((await addSaved).status()).toBe(200);
  await expect(search).toBeHidden();
  await expectOrder(members, [referring, 'Olivia Bennett', 'Marcus Hale', added]);
  await shoot(page, testInfo, 'care-team-desktop');

  // A real mouse drag on the handle: the new member from 4th to 2nd place.
  const handle = (name: string) => page.getByRole('button', { name: `Reorder ${name}` });
  const from = (await handle(added).boundingBox())!;
  const target = (await members.nth(1).boundingBox())!;
  const dragSaved = savedTeam(page);
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 - 10, { steps: 3 });
  await page.mouse.move(from.x + from.width / 2 + 80, target.y + target.height / 2 - 10, { steps: 15 });
  await page.mouse.up();
  const dragBody = (await (await dragSaved).request().postDataJSON()) as {
    patientCareTeam: { careTeamMembers: Array<{ order: number; addressBookInfo: { name: string } }> };
  };
  expect(dragBody.patientCareTeam.careTeamMembers.map((m) => m.order)).toEqual([1, 2, 3, 4]);
  expect(dragBody.patientCareTeam.careTeamMembers[1]!.addressBookInfo.name).toBe(added);
  await expectOrder(members, [referring, added, 'Olivia Bennett', 'Marcus Hale']);

  // Keyboard: focus the handle, Space picks up (announced), ArrowDown moves, Space drops.
  await pickUp(page, handle(added), added);
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('status').filter({ hasText: 'moved into position 3 of 4' })).toHaveCount(1);
  const keySaved = savedTeam(page);
  await page.keyboard.press('Space');
  expect((await keySaved).status()).toBe(200);
  await expect(page.getByRole('status').filter({ hasText: 'dropped at position 3 of 4' })).toHaveCount(1);
  await expectOrder(members, [referring, 'Olivia Bennett', added, 'Marcus Hale']);
  await expect(handle(added)).toBeFocused();

  await page.reload();
  await expectOrder(members, [referring, 'Olivia Bennett', added, 'Marcus Hale']);
  await expect(members.nth(0).getByTestId('care-team-referring')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Remove, with the spec's confirmation; Cancel keeps it, Remove takes it out.
  await members
    .nth(2)
    .getByRole('button', { name: `Remove ${added}` })
    .click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`Are you sure that you want to remove ${added} from Care Team?`);
  await expect(dialog).toHaveCSS('opacity', '1');
  await expectNoSeriousA11yViolations(page);
  await shoot(page, testInfo, 'care-team-remove-desktop');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expectOrder(members, [referring, 'Olivia Bennett', added, 'Marcus Hale']);
  await members
    .nth(2)
    .getByRole('button', { name: `Remove ${added}` })
    .click();
  const removeSaved = savedTeam(page);
  await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  expect((await removeSaved).status()).toBe(200);
  await expectOrder(members, [referring, 'Olivia Bennett', 'Marcus Hale']);

  await page.reload();
  await expectOrder(members, [referring, 'Olivia Bennett', 'Marcus Hale']);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Add provider' }).click();
  await page.getByTestId('care-team-search').fill('bennett');
  await expect(page.getByTestId('care-team-results').getByRole('button').first()).toBeVisible();
  await expectResultsUnclipped(page);
  await shoot(page, testInfo, 'care-team-phone-search');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Add provider' })).toBeFocused();
  await shoot(page, testInfo, 'care-team-phone');

  // On a phone the handle, the position and remove share a line above the provider, who gets the
  // card's width: the review found names and addresses wrapping beside a 90 px handle column.
  const card = (await members.nth(1).boundingBox())!;
  const name = (await members.nth(1).locator('p').nth(1).boundingBox())!;
  const position = (await members.nth(1).locator('p').nth(0).boundingBox())!;
  expect(name.x - card.x).toBeLessThan(20);
  expect(name.y).toBeGreaterThan(position.y + position.height - 1);
  expect(name.height).toBeLessThan(30); // 'Dr. Olivia Bennett, MD' on one line
  await expectNoSeriousA11yViolations(page);

  // The mouse drag and the keyboard still reorder there: Marcus Hale dragged up to 2nd, then moved
  // back down to 3rd with the keyboard.
  const phoneFrom = (await handle('Dr. Marcus Hale').boundingBox())!;
  const phoneTarget = (await members.nth(1).boundingBox())!;
  const phoneDragSaved = savedTeam(page);
  await page.mouse.move(phoneFrom.x + phoneFrom.width / 2, phoneFrom.y + phoneFrom.height / 2);
  await page.mouse.down();
  await page.mouse.move(phoneFrom.x + phoneFrom.width / 2, phoneFrom.y + phoneFrom.height / 2 - 10, {
    steps: 3,
  });
  await page.mouse.move(phoneFrom.x + phoneFrom.width / 2, phoneTarget.y + phoneTarget.height / 2 - 10, {
    steps: 15,
  });
  await page.mouse.up();
  expect((await phoneDragSaved).status()).toBe(200);
  await expectOrder(members, [referring, 'Marcus Hale', 'Olivia Bennett']);
  await pickUp(page, handle('Dr. Marcus Hale'), 'Dr. Marcus Hale');
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('status').filter({ hasText: 'moved into position 3 of 3' })).toHaveCount(1);
  const phoneKeySaved = savedTeam(page);
  await page.keyboard.press('Space');
  expect((await phoneKeySaved).status()).toBe(200);
  await expectOrder(members, [referring, 'Olivia Bennett', 'Marcus Hale']);
});
