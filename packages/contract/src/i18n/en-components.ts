/** Texts of the shared page parts in apps/web/src/components. */
export const enComponents = {
  'components.loading': 'Loading...',
  'components.close': 'Close',
  'components.cancel': 'Cancel',
  'components.confirm': 'Confirm',
  'components.ok': 'OK',
  'components.errorTitle': 'Error',
  'components.moreInformation': 'More information',
  'components.moreFailed': 'More could not be loaded. Please try again.',
} as const;
