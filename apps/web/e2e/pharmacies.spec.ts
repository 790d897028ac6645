import { expect as baseExpect, test, type Page, type TestInfo } from '@playwright/test';
import { demo, expectNoSeriousA11yViolations, signIn } from './support/app';

// Favorite pharmacies (spec 001 §2, §4; decision 088): Maria (home ZIP 34102, one demo
// favorite) sees her home marker and the nearby pharmacies on the offline map, adds a favorite from
// the list, and removes it with confirmation (Cancel first keeps it). The test leaves her favorites
// as it found them. Without MAP_TILE_URL no request leaves the portal.

// The page loads the nearest pharmacies and the map's chunk; on a busy machine that takes a while.
const expect = baseExpect.configure({ timeout: 20_000 });

async function shoot(page: Page, testInfo: TestInfo, name: string, fullPage = true): Promise<void> {
  const body = await page.screenshot({ fullPage, path: testInfo.outputPath(`${name}.png`) });
  await testInfo.attach(name, { body, contentType: 'image/png' });
}

test('pharmacies: home marker and nearby pharmacies on the map, add a favorite, remove it with confirmation', async ({
  page,
}, testInfo) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const outside: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!['http:', 'https:', 'ws:', 'wss:'].includes(url.protocol)) return; // data: and blob: stay in the page
    if (url.hostname !== '127.0.0.1') outside.push(request.url());
  });

  await signIn(page, demo.patient);
  await expect(page).toHaveURL(/\/my-health-profile$/, { timeout: 30_000 });
  const config = (await (await page.request.get('/api/config')).json()) as { mapTileUrl: string | null };
  expect(config.mapTileUrl).toBeNull();

  await page.goto('/pharmacies');
  await expect(page.getByRole('heading', { level: 1, name: 'Pharmacies' })).toBeVisible();
  const favorites = page.getByRole('list', { name: 'My Favorite Pharmacies' }).getByRole('listitem');
  await expect(favorites).toHaveCount(1);
  const nearby = page.getByRole('list', { name: 'This is a list of pharmacies in your vicinity' });
  const items = nearby.getByRole('listitem');
  await expect(items.first()).toBeVisible();
  expect(await items.count()).toBeGreaterThan(5);
  await expect(items.first()).toContainText(/\(\d{3}\) \d{3} - \d{4}/);
  await expect(nearby.getByText('Favorite', { exact: true })).toHaveCount(1);

  // The map: 530 px high, the home marker (at the ZIP's centroid), and markers for the pharmacies.
  const map = page.getByTestId('pharmacy-map');
  await expect(map).toBeVisible();
  expect((await map.boundingBox())?.height).toBe(530);
  await expect(page.getByTestId('pharmacy-map-home')).toBeVisible();
  await expect(page.getByTestId('pharmacy-map-home')).toHaveAttribute('title', 'Your home (zip code 34102)');
  expect(await map.locator('.pharmacy-map-marker').count()).toBeGreaterThan(5);
  await expect(map.locator('path.leaflet-interactive, canvas, svg path').first()).toBeAttached();

  // Map and list in step: a marker selects its list entry; the list's "Show on map" selects the marker.
  const marker = map.locator('.pharmacy-map-marker').nth(2);
  const markerId = await marker.getAttribute('data-pharmacy-id');
  await marker.dispatchEvent('click');
  await expect(nearby.locator(`li[data-pharmacy-id="${markerId}"]`)).toHaveAttribute('data-selected', 'true');
  await expect(map.locator('.leaflet-popup')).toBeVisible();
  const first = items.first();
  const firstId = await first.getAttribute('data-pharmacy-id');
  await first.getByRole('button', { name: /^Show on map/ }).click();
  await expect(map.locator(`.pharmacy-map-marker.is-selected[data-pharmacy-id="${firstId}"]`)).toBeVisible();
  // One popup at a time (the previous one fades out), at most 200 px wide.
  await expect(map.locator('.leaflet-popup')).toHaveCount(1);
  const popupWidth = (await map.locator('.leaflet-popup-content').boundingBox())?.width ?? 0;
  expect(popupWidth).toBeLessThanOrEqual(200);

  await shoot(page, testInfo, 'pharmacies-desktop');
  await expectNoSeriousA11yViolations(page);

  // Add the first nearby pharmacy that is not a favorite yet, from the list (keyboard).
  const candidate = items
    .filter({ has: page.getByRole('button', { name: /^Add .* to my favorite pharmacies$/ }) })
    .first();
  const name = ((await candidate.getByRole('heading').textContent()) ?? '').trim();
  expect(name).not.toBe('');
  const add = candidate.getByRole('button', { name: `Add ${name} to my favorite pharmacies` });
  await add.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`Do you want to add ${name} to your favorite pharmacies?`);
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toBeHidden();
  await expect(favorites).toHaveCount(2);
  await expect(favorites.filter({ hasText: name })).toHaveCount(1);
  await expect(nearby.getByText('Favorite', { exact: true })).toHaveCount(2);

  // It is stored: a reload still shows it.
  await page.reload();
  await expect(favorites).toHaveCount(2);

  // Remove it: Cancel keeps it, OK removes it.
  const remove = favorites.filter({ hasText: name }).getByRole('button', {
    name: `Remove ${name} from my favorite pharmacies`,
  });
  await remove.click();
  await expect(dialog).toContainText(
    `Are you sure that you want to remove ${name} from your favorite pharmacies?`,
  );
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(favorites).toHaveCount(2);
  await remove.click();
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toBeHidden();
  await expect(favorites).toHaveCount(1);
  await expect(favorites.filter({ hasText: name })).toHaveCount(0);

  // Search from 2 characters replaces the vicinity list.
  await page.getByLabel('Search for your favorite pharmacies').fill('Naples');
  const results = page.getByRole('list', { name: 'Pharmacies matching "Naples"' });
  await expect(results.getByRole('listitem').first()).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByLabel('Search for your favorite pharmacies').fill('');
  await expect(items.first()).toBeVisible();
  // The list comes 20 at a time (decision 160); "Show more" says how many are left.
  await expect(items).toHaveCount(20);
  const total = Number(
    /of (\d+) pharmacies/.exec((await page.getByTestId('pharmacy-list-count').textContent()) ?? '')?.[1],
  );
  expect(total).toBeGreaterThan(20);
  const more = page.getByRole('button', { name: `Show more pharmacies (${total - 20} left)` });
  await more.click();
  await expect(items).toHaveCount(Math.min(40, total));
  await expect(items.nth(20)).toBeFocused();
  await expectNoSeriousA11yViolations(page);
  await shoot(page, testInfo, 'pharmacies-phone', false);
  await map.scrollIntoViewIfNeeded();
  await shoot(page, testInfo, 'pharmacies-phone-map', false);

  expect(outside, 'requests outside the portal').toEqual([]);
});
