import { educationPreviewLength, type EncounterRoleInfo } from '@dermis/contract';
import { localDate } from '../../lib/i18n/local-date';

/**
 * Spec 002 §2 'MMM DD, Y @ hh : mm A' (moment's Y is the full year), in the viewer's time zone; in
 * Spanish '05 mar 2030, 02:07 p. m.'.
 */
export function formatVisitDate(dateOfService: string): string {
  return localDate(dateOfService, 'MMM DD, YYYY [@] hh : mm A', {
    day: '2-digit',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
}

/** Spec 002 §2, §9: (xxx) xxx-xxxx only for exactly 10 digits; anything else is shown as given. */
export function formatPhone(value: string): string {
  const digits = value.replace(/\D/g, '');
  if (digits.length !== 10 || /[^\d\s().+-]/.test(value)) return value;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}

/** Spec 002 §9: the education preview is the first 200 characters plus ' ...'. */
export function educationPreview(text: string): { text: string; truncated: boolean } {
  if (text.length <= educationPreviewLength) return { text, truncated: false };
  return { text: `${text.slice(0, educationPreviewLength)} ...`, truncated: true };
}

/** The PROVIDER entries of a visit (spec 002 §6: encounter role PROVIDER). */
export function providersOf(roles: readonly EncounterRoleInfo[]): EncounterRoleInfo[] {
  return roles.filter((role) => role.encounterRoleType === 'PROVIDER');
}

/** 'Ana Silva, MD': the provider name with title (spec 002 §2). */
export function providerName(role: Pick<EncounterRoleInfo, 'firstName' | 'lastName' | 'title'>): string {
  const name = `${role.firstName} ${role.lastName}`;
  return role.title ? `${name}, ${role.title}` : name;
}

export interface ClinicAddress {
  streetAddressLn1: string | null;
  streetAddressLn2: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
}

/** US state codes in the data are capitals with underscores (NEW_YORK); an address shows 'New York'. */
function stateLabel(state: string): string {
  if (/^[A-Z]{2}$/.test(state)) return state;
  return state
    .toLowerCase()
    .split('_')
    .map((word) => (word === 'of' ? word : word.charAt(0).toUpperCase() + word.slice(1)))
    .join(' ');
}

/** The address as display lines: street, second line, 'City, State Zip'. Empty parts are left out. */
export function addressLines(address: ClinicAddress): string[] {
  const cityLine = [
    address.city,
    [address.state ? stateLabel(address.state) : null, address.zip].filter(Boolean).join(' '),
  ]
    .filter((part) => part)
    .join(', ');
  return [address.streetAddressLn1, address.streetAddressLn2, cityLine].filter((line): line is string =>
    Boolean(line && line.trim()),
  );
}

const phoneTypes = ['WORK_PHONE', 'HOME_PHONE', 'CELL_PHONE', 'OTHER_PHONE'];

/** The clinic's phone: the first work phone, else any other phone. */
export function clinicPhone(contacts: ReadonlyArray<{ type: string; value: string }>): string | null {
  for (const type of phoneTypes) {
    const found = contacts.find((contact) => contact.type === type && contact.value.trim());
    if (found) return found.value;
  }
  return null;
}

/** The clinic's WEBSITE contact as a safe link: only http(s); a bare host gets https://. */
export function clinicWebsite(
  contacts: ReadonlyArray<{ type: string; value: string }>,
): { href: string; label: string } | null {
  const value = contacts.find((contact) => contact.type === 'WEBSITE')?.value.trim();
  if (!value) return null;
  const href = /^https?:\/\//i.test(value) ? value : `https://${value}`;
  try {
    const url = new URL(href);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    return { href: url.href, label: value.replace(/^https?:\/\//i, '').replace(/\/$/, '') };
  } catch {
    return null;
  }
}
