import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch } from '../../../lib/testing/fetch-mock';
import { renderWithProviders } from '../../../lib/testing/render';
import { SiteFooter } from './site-footer';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
});

describe('SiteFooter', () => {
  it('links home, the legal pages and the badges, with the year, terminology notice and version', async () => {
    mockFetch(() => ({ body: { environment: 'production', version: '2.0.1' } }));
    renderWithProviders(<SiteFooter />);
    const hrefs = screen.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')]);
    expect(hrefs).toEqual([
      ['Home', '/'],
      ['Terms of Use', '/terms-of-use'],
      ['Privacy Policy', '/privacy-police'],
      ['Badges', '/badges'],
    ]);
    expect(
      screen.getByText(`© ${new Date().getFullYear()} Dermis contributors. All rights reserved.`),
    ).toBeInTheDocument();
    expect(screen.getByText(/US Edition, release 20250901/)).toBeInTheDocument();
    expect(await screen.findByText('Version 2.0.1')).toBeInTheDocument();
  });

  it('shows the metathesaurus copyright tooltip on keyboard focus', async () => {
    mockFetch(() => ({ status: 503 }));
    renderWithProviders(<SiteFooter />);
    screen.getByRole('button', { name: 'UMLS Metathesaurus copyright' }).focus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent(/copyrighted sources/);
  });

  it('Top scrolls the window back up over about 400 ms', async () => {
    mockFetch(() => ({ status: 503 }));
    let now = 0;
    const frames: FrameRequestCallback[] = [];
    vi.spyOn(performance, 'now').mockImplementation(() => now);
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    Object.defineProperty(window, 'scrollY', { value: 800, configurable: true });

    renderWithProviders(<SiteFooter />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Top' }));
    for (const time of [100, 200, 400]) {
      now = time;
      frames.shift()?.(time);
    }
    const positions = scrollTo.mock.calls.map((call) => call[1]);
    expect(positions.at(-1)).toBe(0);
    expect(positions[0]).toBeGreaterThan(0);
    expect(frames).toHaveLength(0);
  });
});
