export { t, isMessageKey, type MessageKey, type MessageParams } from './t';
export { translateIssue, translateIssues, type Issue } from './translate-issue';
export {
  currentLanguage,
  initialLanguage,
  languageStorageKey,
  pendingLanguageKey,
  setLanguage,
  takePendingLanguage,
  useLanguage,
} from './language';
export { changeLanguage } from './change-language';
