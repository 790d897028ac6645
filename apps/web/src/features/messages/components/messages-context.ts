import { createContext, useContext } from 'react';

export interface MessagesPerson {
  firstName: string;
  lastName: string;
  directAddress: string | null;
  directServiceEnabled: boolean;
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

export const listTypes = {
  inbox: { type: 'RECEIVED', label: 'messages.inbox' },
  sent: { type: 'SENT', label: 'messages.sent' },
  failed: { type: 'FAILED', label: 'messages.failed' },
} as const;
export type ListSlug = keyof typeof listTypes;

export function isListSlug(value: string | undefined): value is ListSlug {
  return value === 'inbox' || value === 'sent' || value === 'failed';
}
