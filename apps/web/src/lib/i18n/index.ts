export { t, isMessageKey, type MessageKey, type MessageParams } from './t';
export { translateIssue, translateIssues, type Issue } from './translate-issue';
