/** Spec 000 §2 "Responsible Persons": the relationship label and the contact rule. */
import { relationshipOf, type ResponsiblePersonEntry } from '@dermis/contract';
import { t } from '../../lib/i18n';

export function relationshipLabel(value: number): string {
  return relationshipOf(value)?.label ?? t('responsiblePersons.otherRelationship');
}

/** The first active home phone, otherwise the first active contact, otherwise 'No contact'. */
export function contactText(contacts: ResponsiblePersonEntry['contacts']): string {
  const active = contacts.filter((c) => c.active);
  const chosen = active.find((c) => c.type.type === 'HOME_PHONE') ?? active[0];
  return chosen?.value ?? t('responsiblePersons.noContact');
}
