import { describe, expect, it } from 'vitest';
import { passwordLoginRequest } from '@dermis/contract';
import { t, translateIssue, translateIssues } from './index';

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
