import { expect, type Page } from '@playwright/test';
import { AxeBuilder } from '@axe-core/playwright';

/** The demo sign-ins seeded on first start (apps/server/src/demo/demo-accounts.ts). */
export const demo = {
  patient: { username: 'demo.patient', password: 'DemoPatient1', firstName: 'Maria' },
  newPatient: { username: 'demo.new', password: 'DemoPatient1', firstName: 'Samuel' },
  guardian: { username: 'demo.guardian', password: 'DemoGuardian1', firstName: 'Daniel' },
} as const;

export const sessionKey = 'dermis.session';

export async function fillSignIn(page: Page, username: string, password: string): Promise<void> {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

export async function signIn(page: Page, account: { username: string; password: string }): Promise<void> {
  await page.goto('/login');
  await fillSignIn(page, account.username, account.password);
}

export async function storedSession(page: Page): Promise<Record<string, unknown> | null> {
  const raw = await page.evaluate((key) => window.localStorage.getItem(key), sessionKey);
  return raw ? (JSON.parse(raw) as Record<string, unknown>) : null;
}

/**
 * axe-core over the whole page: no violation of any impact may remain (minor and moderate
 * ones too, not only serious and critical). The name is kept so every spec file keeps calling it.
 *
 * Legacy mode runs axe.run in the page itself. The default mode opens a second page for every check
 * to combine the frames' results, which took twice as long (2.2-4.1 s a check against 1.0-1.9 s
 * here) for the same rules and the same passes; the portal's pages have no cross-origin frames,
 * the case that mode exists for.
 */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  await settleTransitions(page);
  const results = await new AxeBuilder({ page }).setLegacyMode(true).analyze();
  expect(
    results.violations.map(
      (v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    ),
  ).toEqual([]);
}

/**
 * Waits for running CSS transitions and finite animations (a modal fading in) to end: axe measures
 * colour contrast on what is painted, and a half-faded modal fails it. Endless animations (loading
 * skeletons) are not waited for.
 */
async function settleTransitions(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    // A transition can start a frame after the element appears (Mantine mounts, then animates), so
    // wait for frames and repeat until no finite animation is running; 20 rounds bound the loop.
    for (let round = 0; round < 20; round += 1) {
      await frame();
      const running = document
        .getAnimations()
        .filter((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity);
      if (running.length === 0) return;
      await Promise.all(running.map((a) => a.finished.catch(() => undefined)));
    }
  });
}

/**
 * Records what the page's Content-Security-Policy refused from the first script on: Chromium's
 * console error and the document's securitypolicyviolation events (an inline script whose hash the
 * policy does not name is refused with both). Call before the navigation; read with the result.
 */
export async function recordCspViolations(page: Page): Promise<() => Promise<string[]>> {
  const logged: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) logged.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.effectiveDirective} refused ${event.blockedURI || 'inline'}`);
    });
  });
  return async () => [
    ...logged,
    ...(await page.evaluate(() => (window as unknown as { cspViolations?: string[] }).cspViolations ?? [])),
  ];
}
