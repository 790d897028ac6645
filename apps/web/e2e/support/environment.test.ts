// Which Chromium the browser tests launch: never a download, and on a machine with Node only, the one
// packaged in the @sparticuz/chromium devDependency (a real, executable file).
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { chooseChromium, systemChromiumPaths } from './environment';

const nothingInstalled = () => false;
const debianInstalled = (file: string) => file === systemChromiumPaths[0];

describe('chooseChromium', () => {
  it('uses the packaged Chromium when no system Chromium exists, and it is an executable file', async () => {
    const choice = await chooseChromium({}, nothingInstalled);
    expect(choice.source).toBe('npm');
    expect(fs.statSync(choice.executablePath).isFile()).toBe(true);
    fs.accessSync(choice.executablePath, fs.constants.X_OK);
  }, 120_000);

  it("prefers Debian's Chromium when it is installed", async () => {
    expect(await chooseChromium({}, debianInstalled)).toEqual({
      source: 'system',
      executablePath: '/usr/bin/chromium',
    });
  });

  it('E2E_CHROMIUM=npm forces the packaged one even when the system has one', async () => {
    const choice = await chooseChromium({ E2E_CHROMIUM: 'npm' }, debianInstalled, () =>
      Promise.resolve('/tmp/packaged-chromium'),
    );
    expect(choice).toEqual({ source: 'npm', executablePath: '/tmp/packaged-chromium' });
  });

  it('CHROMIUM_PATH wins over the system one; E2E_CHROMIUM=system without one fails clearly', async () => {
    const exists = (file: string) => file === '/opt/chrome/chrome' || debianInstalled(file);
    expect(await chooseChromium({ CHROMIUM_PATH: '/opt/chrome/chrome' }, exists)).toEqual({
      source: 'CHROMIUM_PATH',
      executablePath: '/opt/chrome/chrome',
    });
    await expect(chooseChromium({ E2E_CHROMIUM: 'system' }, nothingInstalled)).rejects.toThrow(
      /No system Chromium/,
    );
    await expect(chooseChromium({ E2E_CHROMIUM: 'firefox' }, nothingInstalled)).rejects.toThrow(
      /E2E_CHROMIUM/,
    );
  });
});
