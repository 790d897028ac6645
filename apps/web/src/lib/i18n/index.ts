export { t, isMessageKey, type MessageKey, type MessageParams } from './t';
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
