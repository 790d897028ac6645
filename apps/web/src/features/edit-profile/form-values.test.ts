import { describe, expect, it } from 'vitest';
import { profileResolver, toDisplayDate, toFormValues, toIsoDate } from './form-values';
import { storedProfile as stored } from './profile.fixture';

const resolve = (flags: { nonUsa: boolean; demographicsImported: boolean }) =>
  profileResolver(flags)(toFormValues(stored), undefined, {
    fields: {},
    shouldUseNativeValidation: false,
  });

describe('the edit-profile form values', () => {
  it('show the date as MM/DD/YYYY and send it as YYYY-MM-DD', () => {
    expect(toDisplayDate('1984-03-12')).toBe('03/12/1984');
    expect(toIsoDate('03/12/1984')).toBe('1984-03-12');
    expect(toIsoDate('3/12/84')).toBe('3/12/84');
  });

  it('start from the stored profile: nulls as empty text, the parent races only', () => {
    const values = toFormValues(stored);
    expect(values).toMatchObject({
      dateOfBirth: '03/12/1984',
      suffix: '',
      genderIdentity: '',
      races: ['2028-9'],
      racesByGroup: [{ group: '2028-9', values: ['2039-6'] }],
      address2: { streetAddressLn1: '', country: '' },
    });
  });

  it('require ethnicity and language unless nonUSA or imported', async () => {
    const strict = await resolve({ nonUsa: false, demographicsImported: false });
    expect(Object.keys(strict.errors).sort()).toEqual(['ethnicities', 'preferredLanguageIsoCode']);
    expect(strict.errors.ethnicities?.message).toBe('validation.fieldRequiredGeneric');
    expect((await resolve({ nonUsa: true, demographicsImported: false })).errors).toEqual({});
    expect((await resolve({ nonUsa: false, demographicsImported: true })).errors).toEqual({});
  });

  it('show the sex assigned at birth, not given as the empty choice, and refuse another value', async () => {
    expect(toFormValues(stored).birthSex).toBe('F');
    expect(toFormValues({ ...stored, birthSex: 'UNK' }).birthSex).toBe('UNK');
    expect(toFormValues({ ...stored, birthSex: null }).birthSex).toBe('');
    const flags = { nonUsa: true, demographicsImported: false };
    const check = (birthSex: string) =>
      profileResolver(flags)(
        { ...toFormValues(stored), birthSex } as ReturnType<typeof toFormValues>,
        undefined,
        {
          fields: {},
          shouldUseNativeValidation: false,
        },
      );
    expect((await check('')).values).toMatchObject({ birthSex: '' });
    expect((await check('M')).values).toMatchObject({ birthSex: 'M' });
    expect((await check('FEMALE')).errors.birthSex?.message).toBe('profile.validation.birthSex');
  });

  it('send the valid profile with the date in YYYY-MM-DD', async () => {
    const result = await resolve({ nonUsa: true, demographicsImported: false });
    expect(result.values).toMatchObject({ dateOfBirth: '1984-03-12', id: 3 });
  });
});
