/** Spec 001 §2: the seven blocks of the My Health Profile accordion, in order. */
export const historyBlocks = [
  'ALLERGIES',
  'MEDICATIONS',
  'PRESCRIPTIONS',
  'PAST_MEDICAL_HISTORY',
  'FAMILY_HISTORY',
  'SURGICAL_HISTORY',
  'SOCIAL_HISTORY',
] as const;
export type HistoryBlock = (typeof historyBlocks)[number];

/** Prescriptions are read-only and social history is a form: neither has a plus button. */
export function hasPlusButton(block: HistoryBlock): boolean {
  return block !== 'PRESCRIPTIONS' && block !== 'SOCIAL_HISTORY';
}
