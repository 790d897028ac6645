/**
 * Encounters (spec 001 §2 screening, §6 encounter role PROVIDER, §7 encounter/setHistoryFinished;
 * spec 002 §3 Appointment / encounter, §7 encounter/getByFilter). Stored as the clinic feeds them
 * through the integration API; the appointments pages build on the same shapes.
 */
import { z } from 'zod';
import { describeCall, who } from './call';
import { errorResponse } from './errors';
import { apiPrefix } from './routes';
import { externalIdParams, upsertClinicRequest, upsertClinicResponse } from './integration';
import { consent, encounterConsentInput } from './consents';
import { entityId, int32, safeString } from './rules';

/** An ISO 8601 date-time with an offset, years 1900-2200 (what a timestamptz round-trips). */
const dateTime = safeString.datetime({ offset: true }).refine(
  (value) => {
    const year = new Date(value).getUTCFullYear();
    return year >= 1900 && year <= 2200;
  },
  { message: 'Use a date between 1900 and 2200.' },
);

export const encounterRoleType = z.enum(['PROVIDER']);

export const encounterRoleInfo = z.object({
  encounterRoleType,
  providerId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  /** Credentials, e.g. "MD", "PA-C". */
  title: z.string().nullable(),
  avatarS3Id: z.string().nullable(),
  /** Where the web loads the provider's photo (an <img src>), or null when the clinic sent none. */
  avatarUrl: z.string().nullable(),
});
export type EncounterRoleInfo = z.infer<typeof encounterRoleInfo>;

export const clinicInfo = z.object({
  id: z.number().int(),
  clinicName: z.string(),
  addressInformationInfo: z.object({
    streetAddressLn1: z.string().nullable(),
    streetAddressLn2: z.string().nullable(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    zip: z.string().nullable(),
  }),
  /** WORK_PHONE (the clinic's phone, as the clinic wrote it) and WEBSITE (an http(s) address). */
  contactInfoList: z.array(z.object({ type: z.string(), value: z.string() })),
});
export type ClinicInfo = z.infer<typeof clinicInfo>;

export const encounter = z.object({
  id: z.number().int(),
  patientId: z.number().int(),
  /** YYYY-MM-DDTHH:mm:ss.SSS in UTC with a Z. */
  dateOfService: z.string(),
  /** Milliseconds. */
  duration: z.number().int(),
  historyFinished: z.boolean(),
  encounterRoleInfoList: z.array(encounterRoleInfo),
  clinicInfo: clinicInfo.nullable(),
  educationText: z.string().nullable(),
  educationNote: z.string().nullable(),
  /** Every consent of the visit (ONE_TIME ones signed at another visit answer SIGNED here). */
  consents: z.array(consent),
  /**
   * Spec §3: the consents still waiting for the patient's signature (a subset of consents, which
   * a request with `consents: false` leaves empty).
   */
  unsignedConsents: z.array(consent),
});
export type Encounter = z.infer<typeof encounter>;

/** The PROVIDER role's providerId, used when loading and saving history in an encounter (spec §6). */
export function encounterProviderId(value: Encounter): number | null {
  return value.encounterRoleInfoList.find((r) => r.encounterRoleType === 'PROVIDER')?.providerId ?? null;
}

/** POST encounter/setHistoryFinished {encounterId, historyFinished}: guarded by the encounter's patient. */
export const setHistoryFinishedRequest = z.object({
  encounterId: entityId,
  historyFinished: z.boolean().default(true),
});
export const setHistoryFinishedResponse = encounter;

export const encounterDateSelection = z.enum(['ALL', 'SPECIFY_RANGE']);

/** Spec 002 §9: Past Visits load 2 at a time. */
export const pastVisitsPageSize = 2;
/**
 * Upcoming visits the Appointments page asks for at first and adds per 'Show more' (decision 254):
 * more than a patient usually has booked, so the list looks as it always did, while the heavy
 * patient's 100 are no longer all built and sent on first load.
 */
export const upcomingVisitsPageSize = 20;
/** Spec 002 §9: the education preview's length (then ' ...'). */
export const educationPreviewLength = 200;
/** Most encounters one getByFilter answers (a page). */
export const encountersMaxLimit = 500;

/**
 * POST encounter/getByFilter (spec 002 §7): the patient's encounters. Range bounds are ISO date-times
 * (low inclusive, high exclusive); `historyFinished` false = unfinished screenings only. Visits in the
 * past without any encounter role are never answered (spec §2 Past Visits, decision 100).
 * `updateConsents` is accepted as the spec sends it (consents are always current here).
 * `sortOrder` DESC answers newest first (Past Visits); `limit` caps the answer, `total` counts all
 * matches, so 'Load More' shows while total > limit.
 */
export const getEncountersByFilterRequest = z.object({
  patientId: entityId,
  dateSelection: encounterDateSelection.default('ALL'),
  dateOfServiceRangeLow: dateTime.optional(),
  dateOfServiceRangeHigh: dateTime.optional(),
  updateConsents: z.boolean().optional(),
  historyFinished: z.boolean().optional(),
  sortOrder: z.enum(['ASC', 'DESC']).default('ASC'),
  limit: int32.min(1).max(encountersMaxLimit).optional(),
  /**
   * false: each visit's `consents` is empty, for a caller that shows only the consents still to sign
   * (the web): those come whole in `unsignedConsents` as always, and every unsigned one would
   * otherwise come twice, its form's text with it (decision 287). Absent or true: every consent, as
   * the spec answers.
   */
  consents: z.boolean().optional(),
  /**
   * Paging by keyset (decision 287), asked for by sending it: null for the first page, then an
   * answer's `nextCursor`; the page starts after the visit it names, in this filter's order, and
   * the answer carries `nextCursor` (null on the last page). `total` still counts the whole filter.
   * A cursor of another patient or list, or one that is not a cursor, answers an empty page.
   */
  cursor: safeString
    .max(200)
    .regex(/^[A-Za-z0-9_-]+$/)
    .nullable()
    .optional(),
});
export type GetEncountersByFilterRequest = z.input<typeof getEncountersByFilterRequest>;
export const encountersResponse = z.object({
  encounters: z.array(encounter),
  /** How many encounters match the filter, regardless of limit. */
  total: z.number().int(),
  /** Only when the request sent `cursor`: the next page's, null on the last page. */
  nextCursor: z.string().nullable().optional(),
});

/**
 * Unfinished screenings (spec 000 Notifications dropdown and start-up modal; decision 100): upcoming
 * visits within `unfinishedScreeningDays` days whose history is not finished, soonest first. The
 * dropdown links each to /screening/{id}/basic-info; 'My profile is up to date' sends the first one
 * to encounter/setHistoryFinished, then reloads this list.
 */
export const unfinishedScreeningDays = 30;
export const getUnfinishedEncountersRequest = z.object({ patientId: entityId });
export type EncountersResponse = z.infer<typeof encountersResponse>;

// Integration API (clinic side) ----------------------------------------------------------------

/**
 * PUT /api/integration/encounters/{externalId}: create or update an encounter by the clinic's id.
 * Providers are created or updated by their own externalId; the role list is replaced.
 */
export const upsertEncounterRequest = z.object({
  patientExternalId: safeString.trim().min(1).max(64),
  /** A clinic of the key's practice (the id POST /clinics answered), or null. */
  clinicId: entityId.nullable().default(null),
  dateOfService: dateTime,
  /** Minutes (the portal answers milliseconds). */
  durationMinutes: int32
    .min(0)
    .max(24 * 60)
    .default(30),
  historyFinished: z.boolean().default(false),
  /**
   * The clinic by the clinic's own id (PUT /clinics/{externalId}); wins over clinicId when both are
   * given.
   */
  clinicExternalId: safeString.trim().min(1).max(64).nullable().default(null),
  educationText: safeString.trim().max(20_000).nullable().default(null),
  educationNote: safeString.trim().max(2000).nullable().default(null),
  providers: z
    .array(
      z.object({
        externalId: safeString.trim().min(1).max(64),
        firstName: safeString.trim().min(1).max(100),
        lastName: safeString.trim().min(1).max(100),
        title: safeString.trim().max(40).nullable().default(null),
        role: encounterRoleType.default('PROVIDER'),
        /**
         * The provider's photo, base64 PNG or JPEG (checked by content, at most avatarMaxBytes);
         * null removes it, absent keeps it.
         */
        avatarBase64: safeString.max(2_000_000).nullable().optional(),
      }),
    )
    .max(20)
    .default([]),
  /**
   * The visit's consents by the clinic's consent ids. Absent keeps them; given, consents not in the
   * list are removed unless signed (a signed consent is evidence and stays).
   */
  consents: z.array(encounterConsentInput).max(50).optional(),
});
export type UpsertEncounterRequest = z.input<typeof upsertEncounterRequest>;
export const upsertEncounterResponse = z.object({
  id: z.number().int(),
  externalId: z.string(),
  created: z.boolean(),
});

const encounterIntegrationFailures = {
  400: errorResponse,
  401: errorResponse,
  404: errorResponse,
  409: errorResponse,
};

/**
 * The visit calls. setHistoryFinished names an encounter, not a patient: the guard runs the access
 * rule on the encounter's patient, and an unknown encounter is refused like a stranger's (403).
 */
export const appointmentsCalls = {
  /** Spec 001 §7: the screening is done. */
  setHistoryFinished: describeCall({
    method: 'POST',
    path: `${apiPrefix.app}/encounter/setHistoryFinished`,
    who: who.patientOf('encounter', 'body', 'encounterId'),
    body: setHistoryFinishedRequest,
    response: setHistoryFinishedResponse,
    answers: { 400: errorResponse, 403: errorResponse },
  }),
  /** Spec 002 §7: the patient's visits by date. */
  getByFilter: describeCall({
    method: 'POST',
    path: `${apiPrefix.app}/encounter/getByFilter`,
    who: who.patientInBody('patientId'),
    body: getEncountersByFilterRequest,
    response: encountersResponse,
    answers: { 400: errorResponse, 403: errorResponse },
  }),
  /** The notifications dropdown and start-up modal (decision 100). */
  getUnfinished: describeCall({
    method: 'POST',
    path: `${apiPrefix.app}/encounter/getUnfinished`,
    who: who.patientInBody('patientId'),
    body: getUnfinishedEncountersRequest,
    response: encountersResponse,
    answers: { 400: errorResponse, 403: errorResponse },
  }),
  upsert: describeCall({
    method: 'PUT',
    path: `${apiPrefix.integration}/encounters/:externalId`,
    who: who.apiKey,
    summary: 'Create or update an encounter (visit) by external id; its provider roles are replaced',
    params: externalIdParams,
    body: upsertEncounterRequest,
    response: upsertEncounterResponse,
    answers: { 201: upsertEncounterResponse, ...encounterIntegrationFailures },
  }),
  /** The clinics where visits happen. */
  upsertClinic: describeCall({
    method: 'PUT',
    path: `${apiPrefix.integration}/clinics/:externalId`,
    who: who.apiKey,
    summary: 'Create or update a clinic by the clinic system’s id (name, address, phone, website)',
    params: externalIdParams,
    body: upsertClinicRequest,
    response: upsertClinicResponse,
    answers: { 201: upsertClinicResponse, ...encounterIntegrationFailures },
  }),
};
