export { t, tPlural, isMessageKey, type MessageKey, type MessageParams, type PluralKey } from './t';
export { translateIssue, translateIssues, type Issue } from './translate-issue';
export {
  currentLanguage,
  initialLanguage,
  loadAllTexts,
  languageStorageKey,
  pendingLanguageKey,
  setLanguage,
  takePendingLanguage,
  useAllTexts,
  useLanguage,
} from './language';
export { changeLanguage } from './change-language';
