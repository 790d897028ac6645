import { createContext, useContext } from 'react';
import { t } from '../../../lib/i18n';
import { isAddressValid } from '../format';

export interface MessagesPerson {
  firstName: string;
  lastName: string;
  directAddress: string | null;
  directServiceEnabled: boolean;
  /** A HISP is set up: Direct messages can go to other domains. */
  directSendsOutside: boolean;
  /** The practice's Direct domain on this portal. */
  directDomain: string | null;
}

export interface MessagesScope {
  /** Whose messages: the signed-in patient, or the patient a responsible person acts for. */
  patientId: number;
  /** '/messages' or '/{responsibleId}/messages'. */
  base: string;
  actingFor: boolean;
  /** Null until the acted-for patient's profile arrives. */
  person: MessagesPerson | null;
}

export const MessagesScopeContext = createContext<MessagesScope | null>(null);

export function useMessagesScope(): MessagesScope {
  const scope = useContext(MessagesScopeContext);
  if (!scope) throw new Error('Messages screens render inside MessagesLayout');
  return scope;
}

/** Spec 002 §2: Direct messaging needs a Direct address and the service enabled (§5). */
export function directAvailable(person: MessagesPerson | null): boolean {
  return Boolean(person?.directAddress && person.directServiceEnabled);
}

const domainOf = (address: string) => address.slice(address.lastIndexOf('@') + 1).toLowerCase();

/**
 * The hint under To when a Direct message to `address` cannot leave the portal: no HISP is set up
 * and the address is not at the practice's Direct domain (or the person's own address's). The
 * server would keep it in Failed; said before sending so the patient can ask the practice or choose
 * e-mail. It shows as the patient types, not when the field is left: a hint appearing on blur moves
 * the Send button under a click that has already begun. Null when it can go, when the address is not
 * complete yet, or while its domain is still the beginning of an own one (being typed). Another
 * practice's domain on the
 * same portal is not known here (the profile names only the person's own), so this is a hint and
 * the server stays the judge.
 */
export function outsideDirectHint(person: MessagesPerson | null, address: string): string | null {
  if (!person || person.directSendsOutside || !isAddressValid(address)) return null;
  const own = [person.directDomain, person.directAddress && domainOf(person.directAddress)]
    .filter((domain): domain is string => Boolean(domain))
    .map((domain) => domain.toLowerCase());
  const typed = domainOf(address.trim());
  if (own.length === 0 || own.some((domain) => domain.startsWith(typed))) return null;
  return t('messages.directOutsideHint', { domain: own[0]! });
}

export const listTypes = {
  inbox: { type: 'RECEIVED', label: 'messages.inbox' },
  sent: { type: 'SENT', label: 'messages.sent' },
  failed: { type: 'FAILED', label: 'messages.failed' },
} as const;
export type ListSlug = keyof typeof listTypes;

export function isListSlug(value: string | undefined): value is ListSlug {
  return value === 'inbox' || value === 'sent' || value === 'failed';
}
