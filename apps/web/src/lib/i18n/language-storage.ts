/** The localStorage keys of the language choice, in a module of their own: the build reads them too. */
export const languageStorageKey = 'dermis.language';
/** Set when the choice was made before sign-in and is not yet stored on the account. */
export const pendingLanguageKey = 'dermis.language.pending';
