import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../lib/testing/fetch-mock';
import { renderWithProviders } from '../../lib/testing/render';
import { PublicHeader } from './public-header';
import { RootLayout } from './root-layout';

vi.mock('./public-header', () => ({ PublicHeader: vi.fn(() => null) }));

afterEach(() => {
  vi.unstubAllGlobals();
  document.documentElement.style.removeProperty('--dermis-brand');
});

describe('RootLayout', () => {
  it('publishes the brand colour without rendering the layout again', async () => {
    mockFetch((url) =>
      url.endsWith('/practice-branding')
        ? { body: { practiceId: 1, name: 'Clinic', phone: null, brandColor: '#1f5f8b', logoUrl: null } }
        : { status: 404, body: { error: 'NOT_FOUND', message: 'Not found' } },
    );
    renderWithProviders(<RootLayout />);
    await waitFor(() =>
      expect(document.documentElement.style.getPropertyValue('--dermis-brand')).toBe('#1f5f8b'),
    );
    expect(PublicHeader).toHaveBeenCalledTimes(1);
  });
});
