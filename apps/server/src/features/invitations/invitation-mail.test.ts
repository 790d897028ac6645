import { describe, expect, it } from 'vitest';
import { invitationMail, mailDate } from './invitation-mail';

describe('the invitation e-mail', () => {
  const expiresAt = new Date('2026-03-05T14:30:00Z');

  it('dates the link in the words of the mail language', () => {
    expect(mailDate(expiresAt, 'en')).toBe('March 5, 2026 at 2:30 PM UTC');
    expect(mailDate(expiresAt, null)).toBe('March 5, 2026 at 2:30 PM UTC');
    expect(mailDate(expiresAt, 'es')).toMatch(/^5 de marzo de 2026 .*2:30.*UTC$/);
  });

  it('puts the Spanish date in a Spanish mail', () => {
    const mail = invitationMail({
      kind: 'ACCOUNT_CREATION',
      practiceId: 1,
      practiceName: 'Sunshine Dermatology',
      to: 'ana@example.org',
      url: 'https://portal.example/account/create/x',
      expiresAt,
      language: 'es',
    });
    expect(mail.text).toContain('hasta el 5 de marzo de 2026');
    expect(mail.text).not.toContain('March');
  });
});
