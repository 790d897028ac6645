/**
 * Health information view and export (spec 001 §2 "Health Information page", §3 "Health
 * information", §5 "Date range", §7, §8; spec 002 §3 export result, §5 "Transmit dates" and
 * "Health-summary attachment name", §7 "Downloaded files arrive as base-64 chunks of 512"):
 * `GET patient/healthInfo/_rid/{id}`, `POST patient/exportCCDAByFilter`,
 * `GET patient/fhir/getInviteCode?patientId={id}`.
 */
import { z } from 'zod';
import { describeCall, who } from './call';
import { externalIdParams } from './integration';
import { apiPrefix } from './routes';
import { entityId, int32Text, ridParams, safeString } from './rules';

// ---------------------------------------------------------------------------------------------
// healthInfo: the five sections of the page

export const healthInfoDemographics = z.object({
  firstName: z.string(),
  lastName: z.string(),
  /** YYYY-MM-DD. */
  dateOfBirth: z.string(),
  gender: z.string(),
  /** ISO 639-1, e.g. "en"; null when not on file. */
  preferredLanguageIsoCode: z.string().nullable(),
  /** CDC race and ethnicity codes (e.g. "2106-3"). */
  races: z.array(z.string()),
  ethnicities: z.array(z.string()),
});
export type HealthInfoDemographics = z.infer<typeof healthInfoDemographics>;

export const healthInfoMedicalProblem = z.object({
  name: z.string(),
  /** YYYY-MM-DD, when the problem was recorded. */
  dateDiagnosed: z.string().nullable(),
});

/** A summary list that can be cut short by `limit` and asked whole by `list`. */
export const healthInfoList = z.enum(['allergies', 'medications', 'medicalProblems']);
export type HealthInfoList = z.infer<typeof healthInfoList>;

/** How many entries each summary list holds in all (present when `limit` or `list` was asked). */
export const healthInfoTotals = z.object({
  allergies: z.number().int(),
  medications: z.number().int(),
  medicalProblems: z.number().int(),
});
export type HealthInfoTotals = z.infer<typeof healthInfoTotals>;

export const healthInfoResponse = z.object({
  demographics: healthInfoDemographics,
  allergies: z.array(z.object({ name: z.string() })),
  medications: z.array(z.object({ name: z.string() })),
  medicalProblems: z.array(healthInfoMedicalProblem),
  smokingStatusList: z.array(z.object({ name: z.string() })),
  /** Present when `limit` or `list` was asked; absent from the spec's plain call. */
  totals: healthInfoTotals.optional(),
});
export type HealthInfoResponse = z.infer<typeof healthInfoResponse>;

/** The most a limited summary holds of each list. */
export const healthInfoLimitMax = 500;

/**
 * Without parameters the summary answers as the spec has it: every entry, oldest recorded first.
 * With `limit` or `list` the lists are newest first (by when each entry was recorded) and the
 * answer carries `totals`.
 */
export const healthInfoQuery = z.object({
  /** At most this many of allergies, medications and problems each, the newest. */
  limit: int32Text.pipe(z.number().min(1).max(healthInfoLimitMax)).optional(),
  /** Only this list, whole; the other lists answer empty (their totals still counted). */
  list: healthInfoList.optional(),
});

// ---------------------------------------------------------------------------------------------
// exportCCDAByFilter

export const exportAction = z.enum(['VIEW', 'DOWNLOAD_PDF', 'DOWNLOAD_CCDA', 'TRANSMIT_VALIDATION']);
export type ExportAction = z.infer<typeof exportAction>;

export const exportFileType = z.enum(['CCDA_XML', 'CCDA_ZIP', 'CCDA_PDF']);
export type ExportFileType = z.infer<typeof exportFileType>;

/** The error code of an export with nothing to export (spec 001 §8 → 'Health Information is not available'). */
export const noDataErrorCode = 'NO_DATA';

/**
 * An export bound: an ISO 8601 instant (what the page sends: `YYYY-MM-DDT00:00:00Z`) or a bare
 * `YYYY-MM-DD` day, years 1900-2200. Empty means no bound.
 */
const exportBound = safeString
  .trim()
  .max(40)
  .refine((value) => value === '' || parseExportBound(value) !== null, { message: 'validation.dateInvalid' });

export const exportCcdaRequest = z.object({
  patientId: entityId,
  action: exportAction,
  startDate: exportBound.nullish(),
  endDate: exportBound.nullish(),
});
export type ExportCcdaRequest = z.input<typeof exportCcdaRequest>;

export const ccdaEncounterInfo = z.object({
  encounterId: z.number().int(),
  /** ISO 8601 instant. */
  encounterDateOfService: z.string(),
  /** "Dr. Jane Smith, MD" style names of the encounter's providers. */
  providerNames: z.array(z.string()),
  clinicName: z.string().nullable(),
});
export type CcdaEncounterInfo = z.infer<typeof ccdaEncounterInfo>;

export const exportCcdaResponse = z.object({
  /** CCDA_XML for VIEW and DOWNLOAD_CCDA, CCDA_PDF for DOWNLOAD_PDF, CCDA_ZIP for TRANSMIT_VALIDATION. */
  fileType: exportFileType,
  /** Base-64 of the C-CDA document (DOWNLOAD_CCDA only). */
  xml: z.string().nullable(),
  /** Base-64 of the ZIP holding the C-CDA (TRANSMIT_VALIDATION only). */
  zip: z.string().nullable(),
  /** Base-64 of the PDF (DOWNLOAD_PDF only). */
  pdf: z.string().nullable(),
  /** The file name to save under (with extension). */
  fileName: z.string(),
  patientFullName: z.string(),
  /** The encounters of the range, newest first. */
  ccdaEncounterInfoList: z.array(ccdaEncounterInfo),
});
export type ExportCcdaResponse = z.infer<typeof exportCcdaResponse>;

// ---------------------------------------------------------------------------------------------
// FHIR access

export const fhirInviteCodeQuery = z.object({ patientId: safeString.max(64) });

export const fhirInviteCodeResponse = z.object({
  /** The FHIR server's base URL for patient apps. */
  url: z.string(),
  /** The patient's current invite code. */
  code: z.string(),
  /** When the code was issued (ISO 8601). */
  issuedAt: z.string(),
});
export type FhirInviteCodeResponse = z.infer<typeof fhirInviteCodeResponse>;

/** Integration API: issue (or reissue) a patient's FHIR invite code; revoke it. */
export const fhirInviteIssueResponse = z.object({
  patientExternalId: z.string(),
  code: z.string(),
  issuedAt: z.string(),
});
export type FhirInviteIssueResponse = z.infer<typeof fhirInviteIssueResponse>;
export const fhirInviteRevokeResponse = z.object({ patientExternalId: z.string(), revoked: z.boolean() });

/** The health information calls: the patient reads and exports; the clinic issues FHIR invite codes. */
export const healthInformationCalls = {
  /** The five sections of the page; `:id` is the patient id. */
  get: describeCall({
    method: 'GET',
    path: `${apiPrefix.app}/patient/healthInfo/_rid/:id`,
    who: who.patientInPath('id'),
    params: ridParams,
    query: healthInfoQuery,
    response: healthInfoResponse,
  }),
  exportCcda: describeCall({
    method: 'POST',
    path: `${apiPrefix.app}/patient/exportCCDAByFilter`,
    who: who.patientInBody('patientId'),
    body: exportCcdaRequest,
    response: exportCcdaResponse,
  }),
  fhirInviteCode: describeCall({
    method: 'GET',
    path: `${apiPrefix.app}/patient/fhir/getInviteCode`,
    who: who.patientInQuery('patientId'),
    query: fhirInviteCodeQuery,
    response: fhirInviteCodeResponse,
  }),
  /** `:externalId` is the clinic's patient id. */
  issueFhirInvite: describeCall({
    method: 'POST',
    path: `${apiPrefix.integration}/patients/:externalId/fhir-invite`,
    who: who.apiKey,
    summary: 'Issue (or reissue) the FHIR invite code a patient gives their health apps',
    params: externalIdParams,
    response: fhirInviteIssueResponse,
    status: 201,
  }),
  revokeFhirInvite: describeCall({
    method: 'DELETE',
    path: `${apiPrefix.integration}/patients/:externalId/fhir-invite`,
    who: who.apiKey,
    summary: 'Revoke the FHIR invite code of a patient',
    params: externalIdParams,
    response: fhirInviteRevokeResponse,
  }),
};

// ---------------------------------------------------------------------------------------------
// Date rules (spec 001 §5, §9; spec 002 §5 "Transmit dates")

/** The page's date format (spec 001 §9). */
export const healthInfoDateFormat = 'MM/DD/YYYY';

const mdy = /^(\d{2})\/(\d{2})\/(\d{4})$/;
const ymd = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A strict MM/DD/YYYY day as { y, m, d }, or null (no rollover: 02/30/2024 is not a day). */
export function parseUsDay(value: string): { y: number; m: number; d: number } | null {
  const match = mdy.exec(value.trim());
  if (!match) return null;
  const [m, d, y] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return realDay(y, m, d);
}

function realDay(y: number, m: number, d: number): { y: number; m: number; d: number } | null {
  if (y < 1900 || y > 2200) return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d
    ? { y, m, d }
    : null;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const isoDay = (day: { y: number; m: number; d: number }) => `${pad(day.y, 4)}-${pad(day.m)}-${pad(day.d)}`;

/** Spec 002 §5: the start is sent as the start of its day in UTC (`YYYY-MM-DDT00:00:00Z`). */
export function exportStartOf(mmddyyyy: string | null | undefined): string | undefined {
  const day = mmddyyyy ? parseUsDay(mmddyyyy) : null;
  return day ? `${isoDay(day)}T00:00:00Z` : undefined;
}

/** Spec 002 §5: the end is sent as the next day at midnight; an invalid end is omitted. */
export function exportEndOf(mmddyyyy: string | null | undefined): string | undefined {
  const day = mmddyyyy ? parseUsDay(mmddyyyy) : null;
  if (!day) return undefined;
  const next = new Date(Date.UTC(day.y, day.m - 1, day.d + 1));
  return `${next.toISOString().slice(0, 10)}T00:00:00Z`;
}

/** Spec 001 §5: start after end (compared by day) blocks every action. Missing or invalid ends never do. */
export function isExportRangeInvalid(
  start: string | null | undefined,
  end: string | null | undefined,
): boolean {
  const from = start ? parseUsDay(start) : null;
  const to = end ? parseUsDay(end) : null;
  return from !== null && to !== null && isoDay(from) > isoDay(to);
}

/** A bound as sent to the server, as an instant; null when it is not one. */
export function parseExportBound(value: string): Date | null {
  const day = ymd.exec(value);
  if (day) {
    const parsed = realDay(Number(day[1]), Number(day[2]), Number(day[3]));
    return parsed ? new Date(`${isoDay(parsed)}T00:00:00Z`) : null;
  }
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/.test(value)) return null;
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime())) return null;
  const year = instant.getUTCFullYear();
  return year >= 1900 && year <= 2200 ? instant : null;
}

/**
 * Spec 002 §5: '{name} Health Summary {start} {end}.zip', or without the dates when none are given,
 * whitespace and slashes replaced by underscores. `start` and `end` are the dates as the patient
 * chose them (MM/DD/YYYY); one missing date leaves just the other.
 */
export function healthSummaryFileName(
  name: string,
  start?: string | null,
  end?: string | null,
  extension = 'zip',
): string {
  const parts = [name.trim(), 'Health Summary', start?.trim(), end?.trim()].filter((part): part is string =>
    Boolean(part),
  );
  return `${parts.join(' ').replace(/[\s/\\]/g, '_')}.${extension}`;
}

/** Spec 002 §7: downloaded files arrive as base-64 and are decoded in slices of 512 characters. */
export const base64SliceSize = 512;
