/**
 * The code tables of spec 002 "Clinical-document rendering rules" (the HL7 CDA stylesheet's lookup
 * tables), plus the few codes that stylesheet leaves out (decision 092). A code not in a table shows
 * as a question-marked placeholder, the way the stylesheet shows it.
 */

export const placeholder = (code: string): string => `{$code='${code}'?}`;

/** Administrative gender. The stylesheet leaves UN blank; it means undifferentiated too. */
export const sexLabels: Record<string, string> = {
  M: 'Male',
  F: 'Female',
  U: 'Undifferentiated',
  UN: 'Undifferentiated',
};

/** Telecom URL schemes. */
export const telecomKinds: Record<string, string> = {
  tel: 'Tel',
  fax: 'Fax',
  http: 'Web',
  https: 'Web',
  mailto: 'Mail',
};

/** Address and telecom uses (HL7 TelecommunicationAddressUse / PostalAddressUse). */
export const contactUses: Record<string, string> = {
  H: 'Home',
  HV: 'Vacation Home',
  HP: 'Primary Home',
  MC: 'Mobile',
  WP: 'Work Place',
  PUB: 'Pub',
  DIR: 'Direct',
  PG: 'Pager',
  EC: 'Emergency Contact',
  AS: 'Answering Service',
  TMP: 'Temporary',
  BAD: 'Bad Address',
  PHYS: 'Physical Visit Address',
  PST: 'Postal Address',
};

/** RoleClassAssociative (participant/associatedEntity/@classCode). */
export const associatedEntityClasses: Record<string, string> = {
  AFFL: 'affiliate',
  AGNT: 'agent',
  ASSIGNED: 'assigned entity',
  COMPAR: 'commissioning party',
  CON: 'contact',
  ECON: 'emergency contact',
  NOK: 'next of kin',
  SGNOFF: 'signing authority',
  GUARD: 'guardian',
  GUAR: 'guardian',
  CIT: 'citizen',
  COVPTY: 'covered party',
  PRS: 'personal relationship',
  CAREGIVER: 'care giver',
};

/** RoleCode family relations (code system 2.16.840.1.113883.5.111). */
export const roleCodeSystem = '2.16.840.1.113883.5.111';
export const familyRelations: Record<string, string> = {
  FTH: 'Father',
  MTH: 'Mother',
  NPRN: 'Natural parent',
  STPPRN: 'Step parent',
  SONC: 'Son',
  DAUC: 'Daughter',
  CHILD: 'Child',
  EXT: 'Extended family member',
  NBOR: 'Neighbor',
  SIGOTHR: 'Significant other',
};

/** ActClass (documentationOf/serviceEvent/@classCode). */
export const actClasses: Record<string, string> = {
  ACT: 'healthcare service',
  ACCM: 'accommodation',
  ACCT: 'account',
  ACSN: 'accession',
  ADJUD: 'financial adjudication',
  CONS: 'consent',
  CONTREG: 'container registration',
  CTTEVENT: 'clinical trial timepoint event',
  DISPACT: 'disciplinary action',
  ENC: 'encounter',
  INC: 'incident',
  INFRM: 'inform',
  INVE: 'invoice element',
  LIST: 'working list',
  MPROT: 'monitoring program',
  PCPR: 'care provision',
  PROC: 'procedure',
  REG: 'registration',
  REV: 'review',
  SBADM: 'substance administration',
  SPCTRT: 'speciment treatment',
  SUBST: 'substitution',
  TRNS: 'transportation',
  VERIF: 'verification',
  XACT: 'financial transaction',
};

/** ParticipationType of a service-event performer. */
export const participationTypes: Record<string, string> = {
  PPRF: 'primary performer',
  PRF: 'performer',
  VRF: 'verifier',
  SPRF: 'secondary performer',
};

/** ParticipationFunction (HL7 v3) and Provider Role (HL7 v2 table 443, used by HITSP). */
export const participationFunctions: Record<string, string> = {
  ADMPHYS: '(admitting physician)',
  ANEST: '(anesthesist)',
  ANRS: '(anesthesia nurse)',
  ATTPHYS: '(attending physician)',
  DISPHYS: '(discharging physician)',
  FASST: '(first assistant surgeon)',
  MDWF: '(midwife)',
  NASST: '(nurse assistant)',
  PCP: '(primary care physician)',
  PRISURG: '(primary surgeon)',
  RNDPHYS: '(rounding physician)',
  SASST: '(second assistant surgeon)',
  SNRS: '(scrub nurse)',
  TASST: '(third assistant)',
  CP: '(consulting provider)',
  PP: '(primary care provider)',
  RP: '(referring provider)',
  MP: '(medical home provider)',
};

/** NullFlavor. The first six are the stylesheet's; the rest are common in C-CDA. */
export const nullFlavors: Record<string, string> = {
  NI: 'no information',
  INV: 'invalid',
  MSK: 'masked',
  NA: 'not applicable',
  UNK: 'unknown',
  OTH: 'other',
  ASKU: 'asked but unknown',
  NAV: 'temporarily unavailable',
  NASK: 'not asked',
};

/** Legal-authenticator signature codes. */
export const signatureCodes: Record<string, string> = {
  S: 'signed',
  I: 'intended',
  X: 'signature required',
};

/** Preferred-language codes a US document uses most; any other shows as its code. */
export const languages: Record<string, string> = {
  en: 'English',
  es: 'Spanish',
  fr: 'French',
  de: 'German',
  it: 'Italian',
  pt: 'Portuguese',
  ru: 'Russian',
  zh: 'Chinese',
  ja: 'Japanese',
  ko: 'Korean',
  vi: 'Vietnamese',
  tl: 'Tagalog',
  ar: 'Arabic',
  hi: 'Hindi',
  pl: 'Polish',
  ht: 'Haitian Creole',
  eng: 'English',
  spa: 'Spanish',
};

export function languageName(code: string): string {
  const name = languages[code] ?? languages[code.toLowerCase().split('-')[0] ?? ''];
  return name ? `${name} (${code})` : code;
}
