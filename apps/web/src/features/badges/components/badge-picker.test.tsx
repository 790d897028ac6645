import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../lib/testing/render';
import { badgeSizes } from '../badge-sizes';
import { BadgePicker } from './badge-picker';

const origin = 'https://portal.example.org';

describe('BadgePicker', () => {
  it.each(badgeSizes)(
    'shows the snippet and preview for $size ($width x $height)',
    async ({ size, width, height }) => {
      const user = userEvent.setup();
      renderWithProviders(<BadgePicker origin={origin} />);
      await user.click(screen.getByRole('radio', { name: new RegExp(`\\(${width}x${height}\\)`) }));

      const snippet = screen.getByRole('textbox', { name: /HTML snippet/ });
      expect(snippet).toHaveAttribute('readonly');
      expect(snippet).toHaveValue(
        `<a href="${origin}/login"><img src="${origin}/badges/dermis-${size}.svg" width="${width}" height="${height}" alt="Patient portal powered by Dermis"></a>`,
      );
      const preview = screen.getByTestId('badge-preview');
      expect(preview).toHaveAttribute('src', `${origin}/badges/dermis-${size}.svg`);
      expect(screen.getByRole('button', { name: 'Copy snippet' })).toBeInTheDocument();
    },
  );

  it('offers exactly the five sizes', () => {
    renderWithProviders(<BadgePicker origin={origin} />);
    expect(screen.getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual([
      'xlarge',
      'large',
      'medium',
      'small',
      'xsmall',
    ]);
  });
});
