/** The language choice. Each language is named in itself, in both catalogs. */
export const enLanguage = {
  'language.label': 'Language',
  'language.en': 'English',
  'language.es': 'Español',
  'language.changeFailed': 'Your language could not be saved. Please try again.',
} as const;
