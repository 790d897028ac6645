/** Spec 000 §2 and §9: the wording of each unsubscribe type (1, 3, 4; 5 test results, decision 221). */
import type { MessageKey } from '../../lib/i18n';

export const confirmKeys: Record<string, MessageKey> = {
  '1': 'unsubscribe.confirm.1',
  '3': 'unsubscribe.confirm.3',
  '4': 'unsubscribe.confirm.4',
  '5': 'unsubscribe.confirm.5',
};

export const successKeys: Record<string, MessageKey> = {
  '1': 'unsubscribeSuccess.message.1',
  '3': 'unsubscribeSuccess.message.3',
  '4': 'unsubscribeSuccess.message.4',
  '5': 'unsubscribeSuccess.message.5',
};
