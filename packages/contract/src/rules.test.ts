import { describe, expect, it } from 'vitest';
import {
  entityId,
  int32,
  isStrongPassword,
  passwordRule,
  requiredString,
  safeString,
  toStorableText,
  usernameRule,
} from './rules';
import { en, translate } from './i18n/en';
import { format } from './i18n/languages';

describe('username rule (spec 000 §5)', () => {
  it.each(['abc', 'maria.lopez', 'a_b+c-d@e.f', 'x'.repeat(35)])('accepts %s', (value) => {
    expect(usernameRule.safeParse(value).success).toBe(true);
  });
  it.each([
    ['ab', 'validation.username'],
    ['x'.repeat(36), 'validation.username'],
    ['has space', 'validation.username'],
    ['semi;colon', 'validation.username'],
    ['', 'validation.fieldRequired'],
  ])('refuses %j with %s', (value, key) => {
    const result = usernameRule.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(key);
  });
});

describe('password rule (spec 000 §5)', () => {
  it('needs 8 characters, an uppercase letter, a lowercase letter and a digit', () => {
    expect(isStrongPassword('DemoPatient1')).toBe(true);
    expect(isStrongPassword('Short1A')).toBe(false);
    expect(isStrongPassword('alllowercase1')).toBe(false);
    expect(isStrongPassword('ALLUPPERCASE1')).toBe(false);
    expect(isStrongPassword('NoDigitsHere')).toBe(false);
    expect(passwordRule.safeParse('weak').error?.issues[0]?.message).toBe('validation.password');
  });
});

describe('catalog', () => {
  it('fills placeholders and leaves unknown ones visible', () => {
    expect(translate('validation.fieldRequired', { field: 'Username' })).toBe('Username is required');
    expect(format('{a} and {b}', { a: 1 })).toBe('1 and {b}');
  });
  it('holds the specification wording', () => {
    expect(en['login.error.badCredentials']).toBe('Bad Credentials');
    expect(en['login.inProgress']).toBe('In Progress...');
    expect(en['forbidden.text']).toBe(
      "403 Access Denied - You don't have permission to access requested page.",
    );
  });
});

describe('safe request values', () => {
  it.each(['nul\u0000byte', 'lone \uD800 high', 'lone \uDC00 low', 'end\uD83D'])('refuses %j', (value) => {
    expect(safeString.safeParse(value).error?.issues[0]?.message).toBe('validation.invalidCharacters');
    expect(requiredString.safeParse(value).success).toBe(false);
  });
  it('accepts any well-formed text, astral characters included', () => {
    expect(safeString.safeParse('José 😀 ñ').success).toBe(true);
  });
  it('makes text storable for what the server writes itself, without splitting a pair', () => {
    expect(toStorableText('a\u0000b\uD800c')).toBe('a\uFFFDb\uFFFDc');
    expect(toStorableText(`ab\u{1F600}`, 3)).toBe('ab');
    expect(toStorableText(`ab\u{1F600}`, 4)).toBe(`ab\u{1F600}`);
  });
  it('keeps whole numbers inside 32 bits', () => {
    expect(int32.safeParse(2_147_483_647).success).toBe(true);
    expect(int32.safeParse(2_147_483_648).success).toBe(false);
    expect(entityId.safeParse(0).success).toBe(false);
    expect(entityId.safeParse(1.5).success).toBe(false);
  });
});
