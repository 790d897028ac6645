import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../lib/testing/render';
import { ShowMore, type ShowMoreProps } from './show-more';

const base: ShowMoreProps = {
  shown: 'Showing 50 of 120 messages',
  label: 'Show more messages',
  hasMore: true,
  loading: false,
  failed: false,
  onMore: () => {},
  testId: 'messages',
};

describe('ShowMore', () => {
  it('says how much is shown and asks for more at a click', async () => {
    const onMore = vi.fn();
    renderWithProviders(<ShowMore {...base} onMore={onMore} />);
    expect(screen.getByTestId('messages-shown-count')).toHaveTextContent('Showing 50 of 120 messages');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Show more messages' }));
    expect(onMore).toHaveBeenCalledOnce();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('offers no button once the list is whole', () => {
    renderWithProviders(<ShowMore {...base} shown="Showing 120 of 120 messages" hasMore={false} />);
    expect(screen.getByTestId('messages-shown-count')).toHaveTextContent('Showing 120 of 120 messages');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('says when the next page did not come, in the list’s own words where it has them', () => {
    const { unmount } = renderWithProviders(<ShowMore {...base} failed />);
    expect(screen.getByRole('alert')).toHaveTextContent('More could not be loaded. Please try again.');
    unmount();
    renderWithProviders(<ShowMore {...base} failed failedText="getPatientDocuments fetch failed..." />);
    expect(screen.getByRole('alert')).toHaveTextContent('getPatientDocuments fetch failed...');
  });
});
