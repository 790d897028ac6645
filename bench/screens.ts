// Every call a screen makes on first load, for the heaviest patient (bench/heavy-patient.ts), each
// loaded alone with autocannon and compared with the floor route of the same run (bare Fastify, one
// indexed lookup, the same JSON; bench/serve.ts). The calls are the ones the web's pages start on
// mount (apps/web/src/features/*/api, app/layouts for the signed-in shell every screen shares).
// Targets, printed beside each figure and never asserted: on PostgreSQL every call at least 0.3x
// the floor's req/s with a p99 at most 3x the floor's and no errors; on PGlite a p99 under 10x the
// floor's. The floor is measured before and after the calls, and the two averaged: the machine's
// pace drifts between minutes. BENCH_SCREENS_ONLY=1 (in bench/run.ts) runs only this part.
import { availableParallelism, loadavg } from 'node:os';
import autocannon from 'autocannon';
import {
  documentListPageSize,
  messageListPageSize,
  prescriptionListPageSize,
  upcomingVisitsPageSize,
} from '@dermis/contract';
import { heavyAmounts } from './heavy-patient';

export interface ScreensBenchTarget {
  dermisUrl: string;
  floorUrl: string;
  database: string;
  heavy: { patientId: number; username: string; accessToken: string; seedMs: number };
}

/** The Documents page's default range as the web sends it: local midnights, 7 days ago to tomorrow. */
function lastSevenDays(): string {
  const from = new Date();
  from.setHours(0, 0, 0, 0);
  const before = new Date(from);
  from.setDate(from.getDate() - 7);
  before.setDate(before.getDate() + 1);
  return `createdFrom=${from.toISOString()}&createdBefore=${before.toISOString()}`;
}

interface Call {
  screen: string;
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: object;
}

/**
 * What each screen asks for on first load, as the web's hooks ask it: the first page of a paged list
 * (decisions 253-255). The whole list as it was asked before paging follows each, marked "whole",
 * so that the table shows what paging saves; BENCH_SCREENS_CALLS picks either by name.
 */
export function screenCalls(patientId: number, username: string): Call[] {
  const now = new Date().toISOString();
  // The Appointments page's two lists; each row below adds what its request asks besides.
  const upcoming = {
    patientId,
    dateSelection: 'SPECIFY_RANGE',
    dateOfServiceRangeLow: now,
    updateConsents: true,
  };
  const past = {
    patientId,
    dateSelection: 'SPECIFY_RANGE',
    dateOfServiceRangeHigh: now,
    sortOrder: 'DESC',
    limit: 2,
  };
  return [
    // The signed-in shell: the session's user re-read, the notifications and the unread badge.
    {
      screen: 'every',
      name: 'patient/getByUsername',
      method: 'POST',
      path: 'patient/getByUsername',
      body: { username },
    },
    {
      screen: 'every',
      name: 'encounter/getUnfinished',
      method: 'POST',
      path: 'encounter/getUnfinished',
      body: { patientId },
    },
    {
      screen: 'every',
      name: 'directMessage/getUnreadCount',
      method: 'GET',
      path: `directMessage/getUnreadCount/_rid/${patientId}`,
    },
    {
      screen: 'My Health Profile',
      // The newest 20 of each list and every list's total (decision 257), without the fixed
      // templates, which the web takes from the contract (decision 276).
      name: 'subjective/getPatientSubjectiveAndTemplateItems newest 20',
      method: 'POST',
      path: 'subjective/getPatientSubjectiveAndTemplateItems',
      body: { type: 'HISTORY', patientId, complaintId: null, providerId: null, limit: 20, templates: false },
    },
    {
      screen: 'My Health Profile',
      name: `prescription/getHistory first ${prescriptionListPageSize}`,
      method: 'POST',
      path: 'prescription/getHistory',
      body: { patientId, limit: prescriptionListPageSize },
    },
    {
      screen: 'My Health Profile (whole)',
      name: 'prescription/getHistory whole',
      method: 'POST',
      path: 'prescription/getHistory',
      body: { patientId },
    },
    {
      // The profile's block: the counts and the newest document, not the list (decision 311).
      screen: 'My Health Profile',
      name: 'dms/getPatientDocumentsSummary last 7 days',
      method: 'GET',
      path: `dms/getPatientDocumentsSummary/_rid/${patientId}?${lastSevenDays()}`,
    },
    {
      // What the block read before: every document (decision 267).
      screen: 'My Health Profile (whole)',
      name: 'dms/getPatientDocuments whole',
      method: 'GET',
      path: `dms/getPatientDocuments/_rid/${patientId}`,
    },
    {
      // The Documents page opens on the last 7 days and asks for their first page (decision 267).
      screen: 'Documents',
      name: `dms/getPatientDocuments last 7 days, first ${documentListPageSize}`,
      method: 'GET',
      path: `dms/getPatientDocuments/_rid/${patientId}?${lastSevenDays()}&limit=${documentListPageSize}`,
    },
    {
      // A range holding more than a page (here every document): a full first page.
      screen: 'Documents (full page)',
      name: `dms/getPatientDocuments first ${documentListPageSize} of all`,
      method: 'GET',
      path: `dms/getPatientDocuments/_rid/${patientId}?limit=${documentListPageSize}`,
    },
    {
      screen: 'Documents (whole)',
      name: 'dms/getPatientDocuments last 7 days whole',
      method: 'GET',
      path: `dms/getPatientDocuments/_rid/${patientId}?${lastSevenDays()}`,
    },
    {
      screen: 'My Health Profile',
      name: 'insurance/getActivePatientInsuranceProfile',
      method: 'GET',
      path: `insurance/getActivePatientInsuranceProfile/_rid/${patientId}`,
    },
    {
      // The web shows only the consents still to sign and asks without the whole list (decision 287).
      screen: 'Appointments',
      name: `encounter/getByFilter upcoming, ${upcomingVisitsPageSize}`,
      method: 'POST',
      path: 'encounter/getByFilter',
      body: { ...upcoming, limit: upcomingVisitsPageSize, consents: false },
    },
    {
      // The spec's answer, every consent twice while unsigned: what the web asked before decision 287.
      screen: 'Appointments (every consent)',
      name: `encounter/getByFilter upcoming, ${upcomingVisitsPageSize}, every consent`,
      method: 'POST',
      path: 'encounter/getByFilter',
      body: { ...upcoming, limit: upcomingVisitsPageSize },
    },
    {
      screen: 'Appointments (whole)',
      name: 'encounter/getByFilter upcoming whole',
      method: 'POST',
      path: 'encounter/getByFilter',
      body: upcoming,
    },
    {
      screen: 'Appointments',
      name: 'encounter/getByFilter past, 2',
      method: 'POST',
      path: 'encounter/getByFilter',
      body: { ...past, consents: false },
    },
    {
      screen: 'Appointments (every consent)',
      name: 'encounter/getByFilter past, 2, every consent',
      method: 'POST',
      path: 'encounter/getByFilter',
      body: past,
    },
    {
      screen: 'Messages inbox',
      name: `patient/dermis/getMessages inbox, ${messageListPageSize}`,
      method: 'POST',
      path: 'patient/dermis/getMessages',
      body: { patientId, directMessageType: 'RECEIVED', page: 0, pageSize: messageListPageSize },
    },
    {
      screen: 'Messages inbox (before paging)',
      name: 'patient/dermis/getMessages inbox, 200 whole',
      method: 'POST',
      path: 'patient/dermis/getMessages',
      body: { patientId, directMessageType: 'RECEIVED', page: 0, pageSize: 200 },
    },
    {
      screen: 'Health Information',
      // The newest 20 of allergies, problems and medications, and their totals (decision 266).
      name: 'patient/healthInfo newest 20',
      method: 'GET',
      path: `patient/healthInfo/_rid/${patientId}?limit=20`,
    },
    {
      screen: 'Health Information (whole)',
      name: 'patient/healthInfo whole',
      method: 'GET',
      path: `patient/healthInfo/_rid/${patientId}`,
    },
    {
      screen: 'Health Information',
      // The newest 20 of each card, every total and the trend chart (decision 256).
      name: 'patient/healthInfo/clinicalRecord newest 20',
      method: 'GET',
      path: `patient/healthInfo/clinicalRecord/_rid/${patientId}?limit=20`,
    },
    {
      screen: 'Health Information',
      name: 'patient/fhir/getInviteCode',
      method: 'GET',
      path: `patient/fhir/getInviteCode?patientId=${patientId}`,
    },
    {
      screen: 'Care team',
      name: 'careteam/getById',
      method: 'GET',
      path: `careteam/getById/_rid/${patientId}`,
    },
    {
      screen: 'Pharmacies',
      name: 'pharmacy/getFavoritePharmaciesByPatientId',
      method: 'GET',
      path: `pharmacy/getFavoritePharmaciesByPatientId/_rid/${patientId}`,
    },
    {
      screen: 'Pharmacies',
      name: 'pharmacy/searchByZipCodeMarkFavorite',
      method: 'POST',
      path: 'pharmacy/searchByZipCodeMarkFavorite',
      body: { patientId, zipCode: '34102' },
    },
  ];
}

interface Figures {
  'req/s': number;
  'p50 ms': number;
  'p99 ms': number;
  errors: number;
  bytes: number;
}

/**
 * Waits until the server answers the floor within 50 ms again: when a load stops, up to one request
 * a connection is still being worked on, and a slow call's leftovers would otherwise be measured as
 * part of the next call.
 */
async function settle(floorUrl: string): Promise<void> {
  for (let tries = 0; tries < 100; tries += 1) {
    const started = performance.now();
    await fetch(`${floorUrl}/floor`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    if (performance.now() - started < 50) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function load(
  options: autocannon.Options & { url: string },
  seconds: number,
  connections: number,
  floorUrl: string,
): Promise<Figures> {
  // Warm first, as a running server is: the path compiled, statements prepared on every connection.
  await autocannon({ connections, duration: 2, timeout: 60, ...options });
  await settle(floorUrl);
  let result = await autocannon({ connections, duration: seconds, timeout: 60, ...options });
  await settle(floorUrl);
  // A call so slow that not one round of the connections finished in time counts nothing: measured
  // again over four times as long, so that it has a figure rather than 0 req/s.
  if (result.requests.total < connections) {
    result = await autocannon({ connections, duration: seconds * 4, timeout: 60, ...options });
    await settle(floorUrl);
  }
  return {
    'req/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    errors: result.non2xx + result.errors + result.timeouts,
    bytes: result.requests.total > 0 ? Math.round(result.throughput.total / result.requests.total) : 0,
  };
}

export async function printScreens(target: ScreensBenchTarget, seconds: number, connections: number) {
  const postgres = target.database === 'PostgreSQL';
  const { patientId, username, accessToken } = target.heavy;
  const json = { 'content-type': 'application/json' };
  const floorRequest = {
    url: `${target.floorUrl}/floor`,
    method: 'POST',
    headers: json,
    body: '{}',
  } as const;
  const floorBefore = await load(floorRequest, seconds, connections, target.floorUrl);
  const measured: { call: Call; figures: Figures }[] = [];
  // Parts are split at a comma not followed by a space: a call's name may hold ", " itself
  // ("encounter/getByFilter upcoming, 20"), a list of parts is written "a,b".
  const only = process.env.BENCH_SCREENS_CALLS?.split(/,(?! )/);
  for (const call of screenCalls(patientId, username)) {
    if (only && !only.some((part) => call.name.includes(part))) continue;
    // The answer is checked once before loading: a call that fails is reported, not timed.
    const url = `${target.dermisUrl}/api/app/${call.path}`;
    const headers = { ...json, authorization: `Bearer ${accessToken}` };
    const body = call.body ? JSON.stringify(call.body) : undefined;
    const first = await fetch(url, { method: call.method, headers, ...(body ? { body } : {}) });
    if (!first.ok) throw new Error(`${call.name} answered ${first.status}: ${await first.text()}`);
    const figures = await load(
      { url, method: call.method, headers, ...(body ? { body } : {}) },
      seconds,
      connections,
      target.floorUrl,
    );
    measured.push({ call, figures });
  }
  const floorAfter = await load(floorRequest, seconds, connections, target.floorUrl);
  const floorRate = (floorBefore['req/s'] + floorAfter['req/s']) / 2;
  const floorP99 = (floorBefore['p99 ms'] + floorAfter['p99 ms']) / 2;
  const mark = (ok: boolean) => (ok ? 'pass' : 'FAIL');
  const rows = measured.map(({ call, figures }) => {
    const rate = figures['req/s'] / floorRate;
    const p99 = figures['p99 ms'] / floorP99;
    const pass = postgres
      ? rate >= 0.3 && p99 <= 3 && figures.errors === 0
      : p99 < 10 && figures.errors === 0;
    return {
      screen: call.screen,
      call: call.name,
      ...figures,
      'x floor req/s': Number(rate.toFixed(2)),
      'x floor p99': Number(p99.toFixed(2)),
      target: postgres
        ? `${mark(rate >= 0.3)} >=0.3x, ${mark(p99 <= 3)} p99<=3x`
        : `${mark(p99 < 10)} p99<10x`,
      pass: mark(pass),
    };
  });
  const [load1] = loadavg();
  const a = heavyAmounts;
  console.log(
    `\nScreens' first calls for the heavy patient on ${target.database}: ${connections} connections, ` +
      `${seconds} s a call; ${a.visits} visits, ${a.messages} messages, ${a.historyItemsPerList} items a ` +
      `history list, ${a.documents} documents, ${a.insurancePolicies} policies, ${a.careTeamMembers} ` +
      `care-team members (seeded in ${target.heavy.seedMs} ms); ${availableParallelism()} cores, load ` +
      `average ${load1?.toFixed(1)} at the end`,
  );
  console.log(
    `floor: ${Math.round(floorRate)} req/s, p99 ${floorP99} ms (mean of before ${floorBefore['req/s']} req/s ` +
      `p99 ${floorBefore['p99 ms']} ms and after ${floorAfter['req/s']} req/s p99 ${floorAfter['p99 ms']} ms)`,
  );
  console.table(rows);
  const failed = rows.filter((row) => row.pass !== 'pass').length;
  console.log(
    `${rows.length - failed} of ${rows.length} calls meet the ${postgres ? 'PostgreSQL' : 'PGlite'} target ` +
      (postgres ? '(>= 0.3x the floor req/s, p99 <= 3x, no errors)' : '(p99 < 10x the floor, no errors)'),
  );
}
