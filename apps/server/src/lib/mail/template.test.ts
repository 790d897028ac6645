import { expect, it } from 'vitest';
import { mailBrand, renderMail } from './template';

const base = {
  practiceName: 'Sunshine Dermatology',
  subject: 'Hi',
  greeting: 'Hello,',
  paragraphs: ['Text'],
};

it('shows the practice colour and logo in the e-mail header and button', () => {
  const brand = mailBrand('https://portal.test', {
    practiceId: 3,
    practiceBrandColor: '#b45309',
    practiceLogoMimeType: 'image/svg+xml',
  });
  const { html } = renderMail({ ...base, brand, action: { label: 'Go', url: 'https://portal.test/x' } });
  expect(html).toContain('<img src="https://portal.test/api/practice-branding/3/logo"');
  expect(html).toContain('color:#b45309');
  expect(html).toContain('background:#b45309');
});

it('falls back to the Dermis colour and no logo when the practice has none', () => {
  const brand = mailBrand('https://portal.test', {
    practiceId: 3,
    practiceBrandColor: null,
    practiceLogoMimeType: null,
  });
  const { html } = renderMail({ ...base, brand });
  expect(html).not.toContain('<img');
  expect(html).toContain('color:#07666c');
});
