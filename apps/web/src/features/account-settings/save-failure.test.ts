import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import { setLanguage } from '../../lib/i18n';
import { passwordSaveFailure, usernameSaveFailure } from './save-failure';
import { lastChangeText } from './components/password-row';

describe('account settings messages (spec 000 §8, §9)', () => {
  it('username: taken, validation, anything else', () => {
    expect(usernameSaveFailure(new ApiError(409, 'CHANGE_USERNAME_EXCEPTION', 'x'))).toBe(
      'Username has been already taken',
    );
    expect(
      usernameSaveFailure(
        new ApiError(400, 'VALIDATION_ERROR', 'x', [{ field: 'username', description: 'Bad name' }]),
      ),
    ).toBe('Bad name');
    expect(usernameSaveFailure(new ApiError(500, 'INTERNAL_ERROR', 'x'))).toBe(
      'An error occurred while saving your data. Please try again later.',
    );
  });

  it('both: an outage (503, or a proxy 502/504) says the service is briefly unavailable', () => {
    const unavailable = 'The service is briefly unavailable. Please try again in a minute.';
    for (const status of [502, 503, 504]) {
      expect(usernameSaveFailure(ApiError.fromBody(status, undefined))).toBe(unavailable);
      expect(
        passwordSaveFailure(ApiError.fromBody(status, { error: 'SERVICE_UNAVAILABLE', message: 'x' })),
      ).toBe(unavailable);
    }
  });

  it('password: the server message as is for CHANGE_PASSWORD_EXCEPTION, else the generic text', () => {
    expect(
      passwordSaveFailure(new ApiError(400, 'CHANGE_PASSWORD_EXCEPTION', 'The old password is not correct.')),
    ).toBe('The old password is not correct.');
    expect(passwordSaveFailure(new Error('boom'))).toBe(
      'An error occurred while saving your data. Please try again later.',
    );
  });

  it('words the last modification date as MMMM DD, YYYY, or never changed', () => {
    expect(lastChangeText(null)).toBe('Password never changed');
    expect(lastChangeText('2026-03-05T12:00:00.000Z')).toBe(
      'The last password modification was on March 05, 2026',
    );
  });

  describe('in Spanish', () => {
    afterEach(() => setLanguage('en', { remember: false }));

    it('names the month of the last modification in Spanish', async () => {
      await setLanguage('es', { remember: false });
      expect(lastChangeText('2026-03-05T12:00:00.000Z')).toBe(
        'La contraseña se cambió por última vez el 5 de marzo de 2026',
      );
    });
  });
});
