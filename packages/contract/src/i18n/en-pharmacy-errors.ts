/**
 * Texts the pharmacy API answers with (decision 086): validation and server errors of the
 * pharmacy/* calls. The pharmacies page's own texts live with the page. Spanish in
 * es-pharmacy-errors.ts, same keys.
 */
export const enPharmacyErrors = {
  'validation.zipCode': 'Zip code is not valid.',
  'server.error.pharmacyNotFound': 'This pharmacy is not in the pharmacy directory.',
  'server.error.favoritePharmacyNotFound': 'This pharmacy is not in your favorite pharmacies.',
  'server.error.favoritePharmacyTwice': 'A pharmacy can be changed only once in the same request.',
  'server.error.favoritePharmaciesMax': 'You can keep at most {max} favorite pharmacies.',
  'server.error.zipCodeUnknown': 'We could not find the location of this zip code.',
} as const;

export type PharmacyErrorMessageKey = keyof typeof enPharmacyErrors;
