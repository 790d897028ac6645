import { historyCodeKey, socialHistoryCategories } from '@dermis/contract';
import { isMessageKey, t } from '../../lib/i18n';

/**
 * A smoking status of the health summary in the app's language. The summary carries the SNOMED
 * display only ("Former smoker"); one of the portal's own smoking options is shown with the text the
 * health profile uses for it ("Exfumador"), anything else as the record wrote it.
 */
export function smokingStatusText(name: string): string {
  const option = socialHistoryCategories.SMOKING.options.find((o) => o.display === name);
  if (!option) return name;
  const key = historyCodeKey(option.code);
  return isMessageKey(key) ? t(key) : name;
}
