import { webRoutes } from '../../../../../packages/contract/src/routes';

/**
 * One of a main screen's first calls as the page's inline script sends it (vite/early-preload.ts,
 * decision 328), written as plain text because the script carries neither the contract nor the app.
 * Only calls the screen sends first whatever the answers: a call that waits on another's answer or
 * on the configuration is left to the app. A call that names the moment takes it as `{now}`, the
 * instant the script records for the app to use in its first request (decision 331).
 * early-calls.test.ts opens each screen and checks the app sends each of these, byte for byte.
 */
export interface EarlyCall {
  method: 'GET' | 'POST';
  /**
   * Under the app server the stored session names (`servers.app`), with the query as the client
   * writes it. What the script fills in, from the stored session and the phone's clock:
   * - `{patient}`: the signed-in user's id (a number, in a body too);
   * - `{zip}`: the home ZIP code the Pharmacies screen searches by; without one, the call is not sent;
   * - `{documentsFrom}`, `{documentsBefore}`: the Documents range the screens open with (the last 7
   *   local days: the start of the first, the start of the day after today), as ISO instants;
   * - `{now}`: the instant the script ran, as an ISO instant, recorded on `window` beside the answers
   *   (`earlyNowProperty`); Appointments' visit lists take it as their "now" on their first request.
   */
  path: string;
  /** The JSON body exactly as the HTTP client writes it, filled in as `path`. */
  body?: string;
  /** Flags of the stored user that must all be true, as the screen asks them before it sends the call. */
  when?: readonly ('hasFhirPermission' | 'patientFhirInvite')[];
}

/** The main screens' addresses (as in `screenModules` of early-preload.ts) and their early calls. */
export const screenEarlyCalls: readonly (readonly [string, readonly EarlyCall[]])[] = [
  [
    webRoutes.myHealthProfile,
    [
      {
        method: 'POST',
        path: 'subjective/getPatientSubjectiveAndTemplateItems',
        body: '{"type":"HISTORY","patientId":{patient},"complaintId":null,"providerId":null,"limit":20,"templates":false}',
      },
      { method: 'POST', path: 'prescription/getHistory', body: '{"patientId":{patient},"limit":50}' },
      { method: 'GET', path: 'insurance/getActivePatientInsuranceProfile/_rid/{patient}' },
      {
        method: 'GET',
        path: 'dms/getPatientDocumentsSummary/_rid/{patient}?createdFrom={documentsFrom}&createdBefore={documentsBefore}',
      },
    ],
  ],
  [
    webRoutes.appointments,
    [
      {
        method: 'POST',
        path: 'encounter/getByFilter',
        body: '{"patientId":{patient},"dateSelection":"SPECIFY_RANGE","dateOfServiceRangeLow":"{now}","updateConsents":true,"limit":20,"cursor":null,"consents":false}',
      },
      {
        method: 'POST',
        path: 'encounter/getByFilter',
        body: '{"patientId":{patient},"dateSelection":"SPECIFY_RANGE","dateOfServiceRangeHigh":"{now}","sortOrder":"DESC","limit":2,"consents":false}',
      },
    ],
  ],
  [webRoutes.myCareTeam, [{ method: 'GET', path: 'careteam/getById/_rid/{patient}' }]],
  [
    webRoutes.pharmacies,
    [
      { method: 'GET', path: 'pharmacy/getFavoritePharmaciesByPatientId/_rid/{patient}' },
      {
        method: 'POST',
        path: 'pharmacy/searchByZipCodeMarkFavorite',
        body: '{"patientId":{patient},"zipCode":"{zip}"}',
      },
    ],
  ],
  [
    webRoutes.healthProfileDocuments,
    [
      {
        method: 'GET',
        path: 'dms/getPatientDocuments/_rid/{patient}?createdFrom={documentsFrom}&createdBefore={documentsBefore}&limit=20',
      },
    ],
  ],
  [
    webRoutes.healthInformation,
    [
      { method: 'GET', path: 'patient/healthInfo/_rid/{patient}?limit=20' },
      { method: 'GET', path: 'patient/healthInfo/clinicalRecord/_rid/{patient}?limit=20' },
      {
        method: 'GET',
        path: 'patient/fhir/getInviteCode?patientId={patient}',
        when: ['hasFhirPermission', 'patientFhirInvite'],
      },
    ],
  ],
  [
    webRoutes.messagesInbox,
    [
      {
        method: 'POST',
        path: 'patient/dermis/getMessages',
        body: '{"patientId":{patient},"directMessageType":"RECEIVED","pageSize":50,"page":0}',
      },
    ],
  ],
];
