import { describe, expect, it } from 'vitest';
import {
  demographicsIssues,
  isValidDateOfBirth,
  isValidZip,
  profileUpdateRequest,
  selectedParents,
  toProfileUpdate,
  type ProfileUpdateInput,
} from './edit-profile';
import { en } from './i18n/en';

const valid: ProfileUpdateInput = {
  id: 7,
  firstName: 'Maria',
  middleName: '',
  lastName: "O'Neil-Lopez",
  suffix: '',
  previousName: '',
  dateOfBirth: '1984-03-12',
  driversLicenceNumber: 'F123-456 789',
  preferredContact: 'CELL_PHONE',
  userEmail: 'maria@example.com',
  cellPhone: '(239) 555-0142',
  homePhone: '',
  workPhone: '',
  workPhoneExt: '',
  otherPhone: '',
  fax: '',
  address1: {
    streetAddressLn1: '1200 Gulf Shore Blvd N',
    streetAddressLn2: '',
    zip: '34102',
    city: 'Naples',
    state: 'FLORIDA',
    country: 'UNITED_STATES',
  },
  address2: { streetAddressLn1: '', streetAddressLn2: '', zip: '', city: '', state: '', country: '' },
  gender: 'FEMALE',
  genderIdentity: '',
  genderIdentityOther: '',
  sexualOrientation: '',
  sexualOrientationOther: '',
  races: ['2106-3'],
  ethnicities: ['2186-5'],
  racesByGroup: [],
  ethnicitiesByGroup: [],
  preferredLanguageIsoCode: 'en',
};

const clone = (v: ProfileUpdateInput) => JSON.parse(JSON.stringify(v)) as ProfileUpdateInput;

/** The messages (catalog keys) of an input, by dotted path. */
function messages(change: (v: ProfileUpdateInput) => void): Record<string, string> {
  const input = clone(valid);
  change(input);
  const result = profileUpdateRequest.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('the profile schema (spec 001 §5)', () => {
  it('accepts a valid profile', () => {
    expect(messages(() => undefined)).toEqual({});
  });

  it('every message key is in the catalog', () => {
    for (const key of [
      'profile.validation.name',
      'profile.validation.numbers',
      'profile.validation.city',
      'profile.validation.zip',
      'profile.validation.state',
      'profile.validation.email',
      'profile.validation.phone',
      'profile.validation.fax',
      'profile.validation.date',
      'profile.validation.driversLicence',
    ])
      expect(en).toHaveProperty(key);
    expect(en['profile.validation.name']).toBe("Field can contain only letter and characters ' and - .");
    expect(en['validation.fieldRequiredGeneric']).toBe('Field {field} is required!');
  });

  it("names: required, letters with ' and -, at most 35", () => {
    expect(messages((v) => (v.firstName = '  '))).toEqual({ firstName: 'validation.fieldRequiredGeneric' });
    expect(messages((v) => (v.lastName = 'Lopez2'))).toEqual({ lastName: 'profile.validation.name' });
    expect(messages((v) => (v.middleName = 'A'.repeat(36)))).toEqual({ middleName: 'validation.maxLength' });
    expect(messages((v) => (v.firstName = 'Mary Ann'))).toEqual({});
    expect(messages((v) => (v.firstName = 'José'))).toEqual({});
  });

  it('e-mail: required and valid, at most 255', () => {
    expect(messages((v) => (v.userEmail = ''))).toEqual({ userEmail: 'validation.fieldRequiredGeneric' });
    expect(messages((v) => (v.userEmail = 'maria@'))).toEqual({ userEmail: 'profile.validation.email' });
    expect(messages((v) => (v.userEmail = `${'a'.repeat(250)}@example.com`))).toMatchObject({
      userEmail: 'validation.maxLength',
    });
  });

  it('phones, fax and extension', () => {
    for (const phone of ['2395550142', '239-555-0142', '(239) 555-0142', '239 555 0142'])
      expect(messages((v) => (v.homePhone = phone))).toEqual({});
    expect(messages((v) => (v.homePhone = '555-0142'))).toEqual({ homePhone: 'profile.validation.phone' });
    expect(messages((v) => (v.fax = '(139) 555-0142'))).toEqual({ fax: 'profile.validation.fax' });
    expect(messages((v) => (v.fax = '(239) 555-0142'))).toEqual({});
    expect(messages((v) => (v.workPhoneExt = '12a'))).toEqual({ workPhoneExt: 'profile.validation.numbers' });
  });

  it('the preferred phone must be filled', () => {
    expect(messages((v) => (v.cellPhone = ''))).toEqual({ cellPhone: 'validation.fieldRequiredGeneric' });
    expect(
      messages((v) => {
        v.preferredContact = 'FAX_NUMBER';
      }),
    ).toEqual({ fax: 'validation.fieldRequiredGeneric' });
    expect(messages((v) => (v.preferredContact = 'US_MAIL'))).toEqual({});
  });

  it("driver's licence: letters, digits, spaces and hyphens", () => {
    expect(messages((v) => (v.driversLicenceNumber = 'AB#1'))).toEqual({
      driversLicenceNumber: 'profile.validation.driversLicence',
    });
  });

  it('address 1: street, city, zip, country required; state for the US and Canada', () => {
    expect(
      messages((v) => {
        v.address1 = {
          streetAddressLn1: '',
          streetAddressLn2: '',
          zip: '',
          city: '',
          state: '',
          country: '',
        };
      }),
    ).toEqual({
      'address1.streetAddressLn1': 'validation.fieldRequiredGeneric',
      'address1.city': 'validation.fieldRequiredGeneric',
      'address1.zip': 'validation.fieldRequiredGeneric',
      'address1.country': 'validation.fieldRequiredGeneric',
    });
    expect(messages((v) => (v.address1.streetAddressLn1 = '12 Main St #4'))).toEqual({
      'address1.streetAddressLn1': 'profile.validation.street',
    });
    expect(messages((v) => (v.address1.city = 'Naples 2'))).toEqual({
      'address1.city': 'profile.validation.city',
    });
    expect(messages((v) => (v.address1.zip = '3410'))).toEqual({ 'address1.zip': 'profile.validation.zip' });
    expect(messages((v) => (v.address1.state = ''))).toEqual({
      'address1.state': 'profile.validation.state',
    });
    expect(messages((v) => (v.address1.streetAddressLn2 = 'x'.repeat(36)))).toEqual({
      'address1.streetAddressLn2': 'validation.maxLength',
    });
  });

  it('countries, states, languages and race/ethnicity codes come from the reference lists', () => {
    expect(messages((v) => (v.address1.country = 'ATLANTIS'))).toEqual({
      'address1.country': 'validation.invalid',
    });
    expect(messages((v) => (v.address1.state = 'ONTARIO'))).toEqual({
      'address1.state': 'validation.invalid',
    });
    expect(messages((v) => (v.preferredLanguageIsoCode = 'xx'))).toEqual({
      preferredLanguageIsoCode: 'validation.invalid',
    });
    expect(messages((v) => (v.races = ['9999-9']))).toEqual({ 'races.0': 'validation.invalid' });
    expect(messages((v) => (v.ethnicities = ['2135-2', 'nope']))).toEqual({
      'ethnicities.1': 'validation.invalid',
    });
    expect(
      messages((v) => {
        v.address1 = { ...v.address1, country: 'GERMANY', state: '', zip: '10115', city: 'Berlin' };
      }),
    ).toEqual({});
  });

  it('zip codes per country', () => {
    expect(isValidZip('34102', 'UNITED_STATES')).toBe(true);
    expect(isValidZip('34102-1234', 'UNITED_STATES')).toBe(true);
    expect(isValidZip('341021234', 'UNITED_STATES')).toBe(true);
    expect(isValidZip('3410', 'UNITED_STATES')).toBe(false);
    expect(isValidZip('K1A 0B1', 'CANADA')).toBe(true);
    expect(isValidZip('k1a0b1', 'CANADA')).toBe(true);
    expect(isValidZip('D1A 0B1', 'CANADA')).toBe(false);
    expect(isValidZip('K1A 0U1', 'CANADA')).toBe(false);
    expect(isValidZip('10115', 'GERMANY')).toBe(true);
  });

  it('address 2 is all or nothing', () => {
    expect(messages((v) => (v.address2.city = 'Naples'))).toEqual({
      'address2.streetAddressLn1': 'validation.fieldRequiredGeneric',
      'address2.zip': 'validation.fieldRequiredGeneric',
      'address2.country': 'validation.fieldRequiredGeneric',
    });
  });

  it('address 2 with its street, city and zip cleared is removed, whatever country and state still say', () => {
    const input = clone(valid);
    input.address2 = {
      streetAddressLn1: ' ',
      streetAddressLn2: '',
      zip: '',
      city: '',
      state: 'ONTARIO',
      country: 'CANADA',
    };
    const result = profileUpdateRequest.safeParse(input);
    expect(result.success && toProfileUpdate(result.data).address2).toBeNull();
  });

  it('date of birth: a real past day', () => {
    expect(isValidDateOfBirth('1984-02-30')).toBe(false);
    expect(isValidDateOfBirth('2999-01-01')).toBe(false);
    expect(messages((v) => (v.dateOfBirth = '03/12/1984'))).toEqual({
      dateOfBirth: 'profile.validation.date',
    });
    expect(messages((v) => (v.dateOfBirth = ''))).toEqual({ dateOfBirth: 'validation.fieldRequiredGeneric' });
  });

  it('other lengths: 250 for suffix and OTHER texts, 255 for previous name', () => {
    expect(messages((v) => (v.suffix = 'x'.repeat(251)))).toEqual({ suffix: 'validation.maxLength' });
    expect(messages((v) => (v.previousName = 'x'.repeat(256)))).toEqual({
      previousName: 'validation.maxLength',
    });
    expect(messages((v) => (v.genderIdentityOther = 'x'.repeat(251)))).toEqual({
      genderIdentityOther: 'validation.maxLength',
    });
  });

  it('races, ethnicities and language are required unless nonUSA', () => {
    const empty = { races: [], ethnicities: [], preferredLanguageIsoCode: '' };
    expect(demographicsIssues(empty, false).map((i) => i.path[0])).toEqual([
      'races',
      'ethnicities',
      'preferredLanguageIsoCode',
    ]);
    expect(demographicsIssues(empty, true)).toEqual([]);
  });
});

describe('what is stored', () => {
  it('trims, sends empty as null, keeps OTHER text only with OTHER, merges groups', () => {
    const input = clone(valid);
    input.firstName = '  Maria ';
    input.suffix = '   ';
    input.genderIdentity = 'MALE';
    input.genderIdentityOther = 'left over';
    input.sexualOrientation = 'OTHER';
    input.sexualOrientationOther = ' pansexual ';
    input.races = ['2106-3'];
    input.racesByGroup = [
      // A value from another group is dropped, as is the group of an unselected parent.
      { group: '2106-3', values: ['2108-9', '2039-6'] },
      { group: '2028-9', values: ['2039-6'] },
    ];
    const stored = toProfileUpdate(profileUpdateRequest.parse(input));
    expect(stored).toMatchObject({
      firstName: 'Maria',
      suffix: null,
      middleName: null,
      previousName: null,
      homePhone: null,
      genderIdentityOther: null,
      sexualOrientationOther: 'pansexual',
      address2: null,
      races: ['2106-3', '2108-9'],
      racesByGroup: [{ group: '2106-3', values: ['2108-9'] }],
    });
    expect(stored.address1.streetAddressLn2).toBeNull();
    expect(selectedParents(stored.races, stored.racesByGroup)).toEqual(['2106-3']);
  });
});
