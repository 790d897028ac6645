import type { Page, TestInfo } from '@playwright/test';

/**
 * Full-page screenshots of the page as it stands, at desktop and phone size, attached to the test's
 * report so a reviewer sees what a patient sees; the viewport goes back to desktop afterwards.
 */
export async function screenshots(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  for (const [size, viewport] of [
    ['desktop', { width: 1280, height: 800 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    await page.setViewportSize(viewport);
    const path = testInfo.outputPath(`${name}-${size}.png`);
    await page.screenshot({ path, fullPage: true });
    await testInfo.attach(`${name}-${size}`, { path, contentType: 'image/png' });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}
