import { codeDisplay, historyCodeKey } from '@dermis/contract';
import { isMessageKey, t } from '../../lib/i18n';

/** The display text of a fixed history code in the current language (reactions, reasons, relatives, options). */
export function codeText(code: string, fallback?: string): string {
  const key = historyCodeKey(code);
  if (isMessageKey(key)) return t(key);
  return fallback ?? codeDisplay(code) ?? code;
}
