import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, waitFor } from '@testing-library/react';
import { earlyNowProperty } from '../lib/api/early-answers';
import { screenEarlyCalls, type EarlyCall } from '../lib/api/early-calls';
import { sessionStorageKey } from '../lib/session';
import { mockFetch } from '../lib/testing/fetch-mock';
import { validToken } from '../lib/testing/fake-jwt';
import { servers, userProfileFixture } from '../lib/testing/fixtures';
import { defaultRange, rangeInstants } from '../features/documents/date-range';
import { homeZip } from '../features/pharmacies/map-view';
import { AppRoot, createApp } from './app';
import { screenModules } from '../../vite/early-preload';

const home = {
  id: 1,
  addressLine1: '1 Main St',
  addressLine2: null,
  city: 'Naples',
  state: 'FL',
  country: 'US',
};
const user = userProfileFixture({
  hasFhirPermission: true,
  patientFhirInvite: true,
  addressInformationInfoList: [
    { ...home, id: 2, active: false, zipCode: '10001' },
    { ...home, active: true, zipCode: '34102-1234' },
  ],
});

/** The instant the page's inline script used as `{now}`, recorded where it leaves it. */
let pageNow = '';

/** A request as sent: method, address and body. */
const requestOf = (method: string, url: string, body: string | undefined) => `${method} ${url} ${body ?? ''}`;

/** The request the page's inline script makes of a call, for this session. */
function filledIn(call: EarlyCall): string {
  const documents = rangeInstants(defaultRange());
  const values: Record<string, string | null | undefined> = {
    patient: String(user.id),
    zip: homeZip(user.addressInformationInfoList),
    documentsFrom: documents.createdFrom,
    documentsBefore: documents.createdBefore,
    now: pageNow,
  };
  const fill = (text: string, encode: boolean) =>
    text.replace(/\{(\w+)\}/g, (_all, name: string) => {
      const value = values[name];
      if (typeof value !== 'string') throw new Error(`nothing to fill ${name} with`);
      return encode ? encodeURIComponent(value) : value;
    });
  const url = `${servers.app.replace(/\/$/, '')}/${fill(call.path, true)}`;
  return requestOf(call.method, url, call.body && fill(call.body, false));
}

// Loaded once here, where a cold transform may take its time, so the screens below do not wait on it.
beforeAll(async () => {
  await Promise.all(screenModules.map(([, module]) => import(/* @vite-ignore */ `../../${module}`)));
}, 120_000);

beforeEach(() => {
  vi.unstubAllGlobals();
  // As the script records it: the app uses it for the requests that name it (Appointments' lists).
  pageNow = new Date().toISOString();
  (window as unknown as Record<string, unknown>)[earlyNowProperty] = { at: pageNow };
  localStorage.clear();
  localStorage.setItem(
    sessionStorageKey,
    JSON.stringify({
      accessToken: validToken(),
      refreshToken: validToken(),
      user,
      servers,
      notificationModalShown: false,
    }),
  );
});

describe("the main screens' early calls", () => {
  it.each(screenEarlyCalls.map(([address, calls]) => [address, calls] as const))(
    '%s sends each of its early calls itself, the same request byte for byte',
    async (address, calls) => {
      const sent: string[] = [];
      mockFetch((url, init) => {
        sent.push(requestOf(init.method ?? 'GET', url, init.body as string | undefined));
        if (url === '/api/config') return { body: { environment: 'production', version: '1.2.3' } };
        return { status: 404, body: { error: 'NOT_FOUND', message: 'Not found.' } };
      });
      render(<AppRoot app={createApp({ initialEntries: [address] })} />);
      await waitFor(() => expect(sent).toEqual(expect.arrayContaining(calls.map(filledIn))), {
        timeout: 20_000,
      });
    },
  );
});
