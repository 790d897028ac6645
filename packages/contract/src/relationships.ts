/**
 * The responsible person's relationship to the patient: a coded number (spec 000 §3) mapped to an
 * HL7 v3 RoleCode (code system 2.16.840.1.113883.5.111, value sets PersonalRelationshipRoleType and
 * the responsible-party roles GUARD, POWATT, ... , ECON, NOK) and an English label.
 *
 * The numbers are stored in responsible_person.relationship and sent by clinic systems, so an
 * existing number never changes meaning: add new entries at the end. 1 = Mother and 2 = Father are
 * fixed (the demo practice and clinic feeds use them).
 */
export interface Relationship {
  /** HL7 v3 RoleCode. */
  code: string;
  /** Title Case English label shown in the portal. */
  label: string;
}

export const relationships: Readonly<Record<number, Relationship>> = {
  1: { code: 'MTH', label: 'Mother' },
  2: { code: 'FTH', label: 'Father' },
  3: { code: 'SPS', label: 'Spouse' },
  4: { code: 'HUSB', label: 'Husband' },
  5: { code: 'WIFE', label: 'Wife' },
  6: { code: 'DOMPART', label: 'Domestic Partner' },
  7: { code: 'SIGOTHR', label: 'Significant Other' },
  8: { code: 'FMRSPS', label: 'Former Spouse' },
  9: { code: 'GUARD', label: 'Guardian' },
  10: { code: 'GUADLTM', label: 'Guardian Ad Litem' },
  11: { code: 'POWATT', label: 'Power of Attorney' },
  12: { code: 'DPOWATT', label: 'Durable Power of Attorney' },
  13: { code: 'HPOWATT', label: 'Healthcare Power of Attorney' },
  14: { code: 'SPOWATT', label: 'Special Power of Attorney' },
  15: { code: 'EXCEST', label: 'Executor of Estate' },
  16: { code: 'RESPRSN', label: 'Responsible Party' },
  17: { code: 'ECON', label: 'Emergency Contact' },
  18: { code: 'NOK', label: 'Next of Kin' },
  19: { code: 'PRN', label: 'Parent' },
  20: { code: 'STPPRN', label: 'Step Parent' },
  21: { code: 'STPMTH', label: 'Stepmother' },
  22: { code: 'STPFTH', label: 'Stepfather' },
  23: { code: 'ADOPTP', label: 'Adoptive Parent' },
  24: { code: 'ADOPTM', label: 'Adoptive Mother' },
  25: { code: 'ADOPTF', label: 'Adoptive Father' },
  26: { code: 'PRNFOST', label: 'Foster Parent' },
  27: { code: 'MTHFOST', label: 'Foster Mother' },
  28: { code: 'FTHFOST', label: 'Foster Father' },
  29: { code: 'CHILD', label: 'Child' },
  30: { code: 'DAUC', label: 'Daughter' },
  31: { code: 'SONC', label: 'Son' },
  32: { code: 'STPCHLD', label: 'Step Child' },
  33: { code: 'CHLDADOPT', label: 'Adopted Child' },
  34: { code: 'CHLDFOST', label: 'Foster Child' },
  35: { code: 'SIB', label: 'Sibling' },
  36: { code: 'BRO', label: 'Brother' },
  37: { code: 'SIS', label: 'Sister' },
  38: { code: 'HSIB', label: 'Half-Sibling' },
  39: { code: 'STPSIB', label: 'Step Sibling' },
  40: { code: 'TWIN', label: 'Twin' },
  41: { code: 'GRPRN', label: 'Grandparent' },
  42: { code: 'GRMTH', label: 'Grandmother' },
  43: { code: 'GRFTH', label: 'Grandfather' },
  44: { code: 'GGRPRN', label: 'Great Grandparent' },
  45: { code: 'GRNDCHILD', label: 'Grandchild' },
  46: { code: 'GRNDDAU', label: 'Granddaughter' },
  47: { code: 'GRNDSON', label: 'Grandson' },
  48: { code: 'AUNT', label: 'Aunt' },
  49: { code: 'UNCLE', label: 'Uncle' },
  50: { code: 'NIECE', label: 'Niece' },
  51: { code: 'NEPHEW', label: 'Nephew' },
  52: { code: 'COUSN', label: 'Cousin' },
  53: { code: 'INLAW', label: 'In-Law' },
  54: { code: 'PRNINLAW', label: 'Parent In-Law' },
  55: { code: 'MTHINLAW', label: 'Mother-In-Law' },
  56: { code: 'FTHINLAW', label: 'Father-In-Law' },
  57: { code: 'CHLDINLAW', label: 'Child-In-Law' },
  58: { code: 'SIBINLAW', label: 'Sibling In-Law' },
  59: { code: 'EXT', label: 'Extended Family Member' },
  60: { code: 'FAMMEMB', label: 'Family Member' },
  61: { code: 'FRND', label: 'Friend' },
  62: { code: 'NBOR', label: 'Neighbor' },
  63: { code: 'ROOM', label: 'Roommate' },
  64: { code: 'ONESELF', label: 'Self' },
};

/** The relationship behind a coded number, or undefined for a number outside the table. */
export function relationshipOf(value: number): Relationship | undefined {
  return Object.hasOwn(relationships, value) ? relationships[value] : undefined;
}
