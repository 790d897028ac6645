import type { enLanguage } from './en-language';

export const esLanguage = {
  'language.label': 'Idioma',
  'language.en': 'English',
  'language.es': 'Español',
  'language.changeFailed': 'No se pudo guardar su idioma. Vuelva a intentarlo.',
} satisfies Record<keyof typeof enLanguage, string>;
