import type { PharmacyErrorMessageKey } from './en-pharmacy-errors';

/** Spanish texts of the pharmacy API (same keys as en-pharmacy-errors.ts). */
export const esPharmacyErrors: Record<PharmacyErrorMessageKey, string> = {
  'validation.zipCode': 'El código postal no es válido.',
  'server.error.pharmacyNotFound': 'Esta farmacia no está en el directorio de farmacias.',
  'server.error.favoritePharmacyNotFound': 'Esta farmacia no está entre sus farmacias favoritas.',
  'server.error.favoritePharmacyTwice': 'Una farmacia solo puede cambiarse una vez en la misma solicitud.',
  'server.error.favoritePharmaciesMax': 'Puede tener como máximo {max} farmacias favoritas.',
  'server.error.zipCodeUnknown': 'No pudimos encontrar la ubicación de este código postal.',
};
