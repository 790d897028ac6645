/**
 * Favorite pharmacies and the pharmacy directory (spec 001 §2 "Pharmacies", §3 "Pharmacy",
 * §4 "Pharmacy", §5 "Other", §7, §9; decision 086):
 *
 * - `GET pharmacy/getFavoritePharmaciesByPatientId/_rid/{patientId}`: the patient's favorites, in the
 *   order they were added, each `favorite: true`.
 * - `POST pharmacy/saveFavoritePharmaciesForPatient`: changes, not the whole list; each item is a
 *   pharmacy id with `changeStatus` NEW (the client sends the pharmacy's address too) or DELETED.
 *   Answers the favorites after the change.
 * - `POST pharmacy/search`: directory search by store name, street, city or ZIP (RETAIL, at most 100).
 *   `patientId` is optional: favorites are marked for that patient (the guard checks it), or for the
 *   caller's own patient when absent.
 * - `POST pharmacy/searchByZipCodeMarkFavorite`: the pharmacies nearest the ZIP's centroid, nearest
 *   first, favorites marked, with `location` (the ZIP centroid, or null for a well-formed ZIP that is
 *   not in the bundled list) so the map can put the home marker there without any geocoder.
 * - `GET pharmacy/geocodeZip/{zip}`: a US ZIP's centroid from the bundled Census ZCTA list (404 when
 *   unknown), for the map's home marker when the page needs it before or without the nearby list.
 *
 * Every shape is per spec §3: id, storeName, primaryPhoneNumber, latitude, longitude, favorite,
 * addressInformationInfo {streetAddressLn1, city, state, zip, country}.
 */
import { z } from 'zod';
import { describeCall, who } from './call';
import { apiPrefix } from './routes';
import { entityId, int32, ridParams, safeString } from './rules';

/** Spec 001 §9: pharmacy search answers at most 100 pharmacies, type RETAIL. */
export const pharmacySearchDefaultSize = 100;
export const pharmacySearchMaxSize = 100;
/** Spec 001 §5 / §9: searches fire at 2 or more characters. */
export const pharmacySearchMinLength = 2;
export const pharmacySearchTextMax = 100;
/** How many pharmacies the nearby list answers (nearest first). */
export const nearbyPharmaciesSize = 50;
/** The most favorites one patient may keep. */
export const favoritePharmaciesMax = 25;
/** Default map view of spec 001 §2 (no home location): centre 40, -100, zoom 4; zoom 6 on home. */
export const pharmacyMapDefault = { latitude: 40, longitude: -100, zoom: 4, homeZoom: 6 } as const;

/** A US ZIP code: 5 digits, optionally ZIP+4 (with or without the hyphen); the first 5 are used. */
export const usZipPattern = /^\d{5}(?:-?\d{4})?$/;
export const usZipCode = safeString.trim().regex(usZipPattern, { message: 'validation.zipCode' });

export const pharmacySpecialtyType = z.enum(['RETAIL']);

export const pharmacyAddress = z.object({
  streetAddressLn1: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  /** 5 digits, or ZIP+4 as #####-####. */
  zip: z.string().nullable(),
  country: z.string().nullable(),
});
export type PharmacyAddress = z.infer<typeof pharmacyAddress>;

/** Spec 001 §3: a pharmacy. */
export const pharmacy = z.object({
  id: z.number().int(),
  /** The pharmacy's NPI (null for the synthetic demo set). */
  npi: z.string().nullable(),
  storeName: z.string(),
  /** Ten digits, no formatting (the web shows (###) ### - ####); null when unknown. */
  primaryPhoneNumber: z.string().nullable(),
  /** WGS84 degrees; null when the pharmacy could not be geocoded (the map skips it, spec §8). */
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  /** Whether the patient the request is for has it among their favorites. */
  favorite: z.boolean(),
  /** Miles from the searched ZIP's centroid (searchByZipCodeMarkFavorite only; null elsewhere). */
  distanceMiles: z.number().nullable(),
  addressInformationInfo: pharmacyAddress,
});
export type Pharmacy = z.infer<typeof pharmacy>;
export const pharmacyList = z.array(pharmacy);

// ---------------------------------------------------------------------------------------------
// Favorites

/** GET pharmacy/getFavoritePharmaciesByPatientId/_rid/{id}: favorites in the order added. */
export const favoritePharmaciesResponse = pharmacyList;

export const pharmacyChangeStatus = z.enum(['NEW', 'DELETED']);
export type PharmacyChangeStatus = z.infer<typeof pharmacyChangeStatus>;

const optionalText = (max: number) => safeString.trim().max(max).nullish();

/** The address the client sends with a NEW item (spec §3); the directory's own address is kept. */
export const pharmacyAddressInput = z.object({
  streetAddressLn1: optionalText(250),
  city: optionalText(250),
  state: optionalText(250),
  zip: optionalText(20),
  country: optionalText(250),
});

export const patientPharmacyInfo = z.object({
  pharmacyId: entityId,
  changeStatus: pharmacyChangeStatus,
  storeName: optionalText(300),
  primaryPhoneNumber: optionalText(30),
  addressInformationInfo: pharmacyAddressInput.nullish(),
});
export type PatientPharmacyInfo = z.input<typeof patientPharmacyInfo>;

export const saveFavoritePharmaciesRequest = z.object({
  patientId: entityId,
  patientPharmacyInfoList: z
    .array(patientPharmacyInfo)
    .min(1)
    .max(favoritePharmaciesMax * 2),
});
export type SaveFavoritePharmaciesRequest = z.input<typeof saveFavoritePharmaciesRequest>;
/** The favorites after the change (same as getFavoritePharmaciesByPatientId). */
export const saveFavoritePharmaciesResponse = pharmacyList;

// ---------------------------------------------------------------------------------------------
// Search

export const pharmacySearchRequest = z.object({
  searchText: safeString.trim().min(pharmacySearchMinLength).max(pharmacySearchTextMax),
  specialtyType: pharmacySpecialtyType.default('RETAIL'),
  resultSetSize: int32.min(1).max(pharmacySearchMaxSize).default(pharmacySearchDefaultSize),
  /** Whose favorites to mark; the caller's own patient when absent (checked by the guard). */
  patientId: entityId.optional(),
});
export type PharmacySearchRequest = z.input<typeof pharmacySearchRequest>;
export const pharmacySearchResponse = pharmacyList;

export const geoPoint = z.object({ latitude: z.number(), longitude: z.number() });
export type GeoPoint = z.infer<typeof geoPoint>;

export const nearbyPharmaciesRequest = z.object({
  patientId: entityId,
  zipCode: usZipCode,
});
export type NearbyPharmaciesRequest = z.input<typeof nearbyPharmaciesRequest>;

export const nearbyPharmaciesResponse = z.object({
  /** The 5-digit ZIP searched. */
  zipCode: z.string(),
  /** The ZIP's centroid (the home marker), or null when the ZIP is not in the bundled list. */
  location: geoPoint.nullable(),
  /** Nearest first (at most nearbyPharmaciesSize), favorites marked, distanceMiles filled. */
  pharmacies: pharmacyList,
});
export type NearbyPharmacies = z.infer<typeof nearbyPharmaciesResponse>;

/** GET pharmacy/geocodeZip/{zip}: `zip` is 5 digits or ZIP+4; 400 when malformed, 404 when unknown. */
export const geocodeZipParams = z.object({ zip: usZipCode });
export const geocodeZipResponse = z.object({ zipCode: z.string(), location: geoPoint });
export type GeocodedZip = z.infer<typeof geocodeZipResponse>;

/** (###) ### - #### for a 10-digit US phone (spec 001 §2); anything else as it is. */
export function formatPharmacyPhone(phone: string | null | undefined): string {
  if (!phone) return '';
  const digits = phone.replace(/\D/g, '');
  const ten = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  return ten.length === 10 ? `(${ten.slice(0, 3)}) ${ten.slice(3, 6)} - ${ten.slice(6)}` : phone;
}

/** The pharmacy calls (spec 001 §7, decision 086): favorites of the patient, and the directory. */
export const pharmaciesCalls = {
  /** Favorites in the order added. */
  getFavorites: describeCall({
    method: 'GET',
    path: `${apiPrefix.app}/pharmacy/getFavoritePharmaciesByPatientId/_rid/:id`,
    who: who.patientInPath('id'),
    params: ridParams,
    response: favoritePharmaciesResponse,
  }),
  saveFavorites: describeCall({
    method: 'POST',
    path: `${apiPrefix.app}/pharmacy/saveFavoritePharmaciesForPatient`,
    who: who.patientInBody('patientId'),
    body: saveFavoritePharmaciesRequest,
    response: saveFavoritePharmaciesResponse,
  }),
  /**
   * Favorites of `patientId` marked; the spec's request has no patientId, so when it is absent the
   * server takes the caller's own patient (registered with `patientWhenAbsent: 'caller'`).
   */
  search: describeCall({
    method: 'POST',
    path: `${apiPrefix.app}/pharmacy/search`,
    who: who.patientInBody('patientId'),
    body: pharmacySearchRequest,
    response: pharmacySearchResponse,
  }),
  /** The pharmacies nearest a ZIP, favorites marked, and the ZIP's centroid for the map. */
  nearby: describeCall({
    method: 'POST',
    path: `${apiPrefix.app}/pharmacy/searchByZipCodeMarkFavorite`,
    who: who.patientInBody('patientId'),
    body: nearbyPharmaciesRequest,
    response: nearbyPharmaciesResponse,
  }),
  /** A US ZIP's centroid from the bundled list, for the map's home marker: names no patient. */
  geocodeZip: describeCall({
    method: 'GET',
    path: `${apiPrefix.app}/pharmacy/geocodeZip/:zip`,
    who: who.account,
    params: geocodeZipParams,
    response: geocodeZipResponse,
  }),
};
