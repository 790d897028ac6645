/**
 * The code tables of spec 002 "Clinical-document rendering rules" (the HL7 CDA stylesheet's lookup
 * tables), plus the few codes that stylesheet leaves out (decision 092). A code not in a table shows
 * as a question-marked placeholder, the way the stylesheet shows it. The tables with words a patient
 * reads (sex, address and telecom uses, act, participation and role classes, family relations, null
 * flavors, signature codes) are catalog keys `cdaViewer.code.<table>.<code>`, so they follow the app
 * language (decision 180); English keeps the stylesheet's exact words.
 */
import { currentLanguage, isMessageKey, t } from '../../lib/i18n';

export type CodeTable =
  | 'sex'
  | 'contactUse'
  | 'associatedEntityClass'
  | 'familyRelation'
  | 'actClass'
  | 'participationType'
  | 'participationFunction'
  | 'nullFlavor'
  | 'signature';

/** The name of a code in one of the tables, in the app language; undefined for a code not listed. */
export function codeName(table: CodeTable, code: string): string | undefined {
  const key = `cdaViewer.code.${table}.${code}`;
  return isMessageKey(key) ? t(key) : undefined;
}

/**
 * A race or ethnicity the portal lists itself (the OMB groups, CDC code system): its name as the
 * Health Information page shows it (`profile.raceEthnicityGroup.<code>`); undefined for any other.
 */
export function raceEthnicityGroupName(code: string): string | undefined {
  const key = `profile.raceEthnicityGroup.${code}`;
  return isMessageKey(key) ? t(key) : undefined;
}

export const placeholder = (code: string): string => `{$code='${code}'?}`;

/** Telecom URL schemes. */
export const telecomKinds: Record<string, string> = {
  tel: 'Tel',
  fax: 'Fax',
  http: 'Web',
  https: 'Web',
  mailto: 'Mail',
};

/** RoleCode family relations (code system 2.16.840.1.113883.5.111). */
export const roleCodeSystem = '2.16.840.1.113883.5.111';

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

/** 'English (en)'; in Spanish the listed languages are named in Spanish ('inglés (en)'). */
export function languageName(code: string): string {
  const base = code.toLowerCase().split('-')[0] ?? '';
  const name = languages[code] ?? languages[base];
  if (!name) return code;
  const language = currentLanguage();
  if (language === 'en') return `${name} (${code})`;
  const local = new Intl.DisplayNames([language], { type: 'language', fallback: 'none' }).of(base);
  return `${local ?? name} (${code})`;
}
