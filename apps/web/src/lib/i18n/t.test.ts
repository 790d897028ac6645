import { afterEach, describe, expect, it } from 'vitest';
import { passwordLoginRequest } from '@dermis/contract';
import { setLanguage, t, tPlural, translateIssue, translateIssues } from './index';

describe('t', () => {
  it('returns the catalog text and fills placeholders', () => {
    expect(t('login.error.badCredentials')).toBe('Bad Credentials');
    expect(t('nav.viewAs', { name: 'Ann Lee' })).toBe('View as Ann Lee');
    expect(t('validation.maxLength', { maxLength: 255 })).toBe(
      'This field can not contain more than 255 characters',
    );
  });

  it('keeps an unfilled placeholder visible so a missing value is noticed', () => {
    expect(t('nav.viewAs')).toBe('View as {name}');
  });
});

describe('tPlural', () => {
  afterEach(async () => {
    await setLanguage('en', { remember: false });
  });

  it('picks the one or other text by the count, in the current language', async () => {
    const shown = (total: number) =>
      tPlural('appointments.shownCount', total, { shown: Math.min(total, 2), total });
    expect(shown(1)).toBe('Showing 1 of 1 past visit');
    expect(shown(0)).toBe('Showing 0 of 0 past visits');
    expect(shown(5)).toBe('Showing 2 of 5 past visits');
    expect(tPlural('careTeam.resultsCount', 1)).toBe('1 provider found');
    await setLanguage('es', { remember: false });
    expect(shown(1)).toBe('Se muestra 1 de 1 visita anterior');
    expect(shown(5)).toBe('Se muestran 2 de 5 visitas anteriores');
    // CLDR's Spanish 'many' (a million) takes the plural text.
    expect(tPlural('careTeam.resultsCount', 1_000_000)).toBe('Se encontraron 1000000 proveedores');
  });
});

describe('translateIssue', () => {
  it('fills {field} with the translated label', () => {
    expect(translateIssue('validation.fieldRequired', 'field.username')).toBe('Username is required');
  });

  it('shows a text that is not a catalog key as it came', () => {
    expect(translateIssue('Username has been already taken')).toBe('Username has been already taken');
    expect(translateIssue(undefined)).toBeUndefined();
  });

  it('translates the issues of a contract schema', () => {
    const result = passwordLoginRequest.safeParse({ username: ' ', password: '' });
    expect(result.success).toBe(false);
    const messages = translateIssues(result.error!.issues, {
      username: 'field.username',
      password: 'field.password',
    });
    expect(messages).toEqual([
      { field: 'username', message: 'Username is required' },
      { field: 'password', message: 'Password is required' },
    ]);
  });
});
