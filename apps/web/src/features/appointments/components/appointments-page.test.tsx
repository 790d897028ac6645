import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Consent, Encounter } from '@dermis/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n/language';
import { earlyNowProperty } from '../../../lib/api/early-answers';
import { mockFetch, type FakeReply } from '../../../lib/testing/fetch-mock';
import { renderWithProviders } from '../../../lib/testing/render';
import { signedConsent, stripDataUrl } from '../api/appointments';
import { Appointments } from './appointments-page';

afterEach(async () => {
  vi.unstubAllGlobals();
  delete (window as unknown as Record<string, unknown>)[earlyNowProperty];
  await setLanguage('en', { remember: false });
});

const consentOf = (id: number, title: string): Consent => ({
  id,
  encounterId: 1,
  patientId: 7,
  title,
  consentProfileInfo: { id: 3, title, text: `${title} text`, version: 1, frequencyOfSigning: 'EVERY_VISIT' },
  status: 'PENDING',
  dateModified: '2030-01-01T00:00:00.000Z',
  cosigners: [{ type: 'PATIENT_OR_LEGAL_GUARDIAN', signature: null }],
});

const visit = (id: number, date: string, over: Partial<Encounter> = {}): Encounter => ({
  id,
  patientId: 7,
  dateOfService: date,
  duration: 30 * 60 * 1000,
  historyFinished: false,
  encounterRoleInfoList: [
    {
      encounterRoleType: 'PROVIDER',
      providerId: 1,
      firstName: 'Ana',
      lastName: 'Silva',
      title: 'MD',
      avatarS3Id: null,
      avatarUrl: null,
    },
  ],
  clinicInfo: {
    id: 1,
    clinicName: 'Naples Dermatology',
    addressInformationInfo: {
      streetAddressLn1: '100 Gulf Shore Blvd',
      streetAddressLn2: null,
      city: 'Naples',
      state: 'FL',
      zip: '34102',
    },
    contactInfoList: [
      { type: 'WORK_PHONE', value: '2395550100' },
      { type: 'WEBSITE', value: 'https://naples-derm.example' },
    ],
  },
  educationText: null,
  educationNote: null,
  consents: [],
  unsignedConsents: [],
  ...over,
});

const longText = `${'Apply sunscreen every two hours. '.repeat(8)}END-OF-TEXT`;
const pastVisits = [5, 4, 3, 2, 1].map((n) =>
  visit(100 + n, `2020-0${n}-10T15:00:00.000Z`, { educationText: n === 5 ? longText : `Short note ${n}` }),
);

type Body = Record<string, unknown>;

function server(options: { upcoming?: (body: Body) => FakeReply; past?: Encounter[] } = {}) {
  return mockFetch((url, init) => {
    if (url.endsWith('encounter/getByFilter')) {
      const body = JSON.parse(init.body as string) as Body;
      if (body.dateOfServiceRangeLow) {
        return (
          options.upcoming?.(body) ?? {
            body: {
              encounters: [
                visit(1, '2031-02-03T16:30:00.000Z', { unsignedConsents: [consentOf(9, 'Photo consent')] }),
              ],
              total: 1,
            },
          }
        );
      }
      const limit = body.limit as number;
      const past = options.past ?? pastVisits;
      return { body: { encounters: past.slice(0, limit), total: past.length } };
    }
    return { status: 404, body: { error: 'NOT_FOUND', message: 'Not found.' } };
  });
}

function sentBodies(fetch: ReturnType<typeof mockFetch>): Body[] {
  return fetch.mock.calls.map(([, init]) => JSON.parse((init?.body as string | undefined) ?? 'null') as Body);
}

describe('Appointments', () => {
  it('lists upcoming visits with provider, clinic, formatted phone, website and unsigned consents', async () => {
    const fetch = server();
    renderWithProviders(<Appointments patientId={7} />);
    const table = await screen.findByRole('table', { name: 'Upcoming Appointments' });
    expect(within(table).getByText('Ana Silva, MD')).toBeInTheDocument();
    expect(within(table).getByText('Naples Dermatology')).toBeInTheDocument();
    expect(within(table).getByText('(239) 555-0100')).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: /Naples Dermatology website/ })).toHaveAttribute(
      'href',
      'https://naples-derm.example/',
    );
    expect(within(table).getByRole('button', { name: 'Sign Photo consent' })).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: /^Import VCS File/ })).toBeInTheDocument();
    const upcomingBody = sentBodies(fetch).find((b) => b.dateOfServiceRangeLow);
    expect(upcomingBody).toMatchObject({
      patientId: 7,
      dateSelection: 'SPECIFY_RANGE',
      updateConsents: true,
      // The table and the signing modal read unsignedConsents only (decision 287).
      consents: false,
    });
    // The signing modal shows the form's whole text, from the unsigned consent itself.
    await userEvent.setup().click(within(table).getByRole('button', { name: 'Sign Photo consent' }));
    const modal = await screen.findByRole('dialog', { name: 'Sign Consent: Photo consent' });
    expect(within(modal).getByTestId('consent-text')).toHaveTextContent('Photo consent text');
  });

  it('dates upcoming and past visits with Spanish month names in Spanish (decision 155)', async () => {
    await setLanguage('es', { remember: false });
    server();
    renderWithProviders(<Appointments patientId={7} />);
    const upcoming = await screen.findByTestId('visit-date');
    expect(upcoming.textContent).toMatch(/^0[23] feb\.? 2031, \d\d:\d\d\s[ap]\.\s?m\.$/);
    const past = await screen.findAllByTestId('past-visit');
    expect(past[0]?.textContent).toMatch(/\d\d may\.? 2020/);
    expect(document.body.textContent).not.toMatch(/\b(Feb|May) \d\d, 20\d\d/);
  });

  it('shows past visits 2 at a time, newest first, with Load More until all are shown', async () => {
    const fetch = server();
    renderWithProviders(<Appointments patientId={7} />);
    const list = await screen.findByRole('list', { name: 'Past Visits' });
    expect(within(list).getAllByTestId('past-visit')).toHaveLength(2);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Load More' }));
    await waitFor(() => expect(within(list).getAllByTestId('past-visit')).toHaveLength(4));
    await user.click(screen.getByRole('button', { name: 'Load More' }));
    await waitFor(() => expect(within(list).getAllByTestId('past-visit')).toHaveLength(5));
    expect(screen.queryByRole('button', { name: 'Load More' })).not.toBeInTheDocument();
    expect(screen.getByTestId('past-count')).toHaveTextContent('Showing 5 of 5 past visits');
    const limits = sentBodies(fetch)
      .filter((b) => b.dateOfServiceRangeHigh)
      .map((b) => [b.limit, b.sortOrder, b.consents]);
    expect(limits).toEqual([
      [2, 'DESC', false],
      [4, 'DESC', false],
      [6, 'DESC', false],
    ]);
  });

  it('asks for 20 upcoming visits, and Show more the next 20 by cursor with focus on the first new one', async () => {
    const upcoming = Array.from({ length: 25 }, (_, n) =>
      visit(200 + n, `2031-03-${String(n + 1).padStart(2, '0')}T15:00:00.000Z`),
    );
    // The cursor of this stand-in server is the position to start at.
    const fetch = server({
      upcoming: (body) => {
        const start = typeof body.cursor === 'string' ? Number(body.cursor.slice(1)) : 0;
        const end = start + (body.limit as number);
        const nextCursor = end < upcoming.length ? `p${end}` : null;
        return { body: { encounters: upcoming.slice(start, end), total: upcoming.length, nextCursor } };
      },
    });
    renderWithProviders(<Appointments patientId={7} />);
    await waitFor(() => expect(screen.getAllByTestId('visit-date')).toHaveLength(20));
    expect(screen.getByTestId('upcoming-shown-count')).toHaveTextContent(
      'Showing 20 of 25 upcoming appointments',
    );
    const user = userEvent.setup();
    screen.getByRole('button', { name: 'Show more upcoming appointments' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getAllByTestId('visit-date')).toHaveLength(25));
    await waitFor(() => expect(screen.getAllByTestId('visit-date')[20]).toHaveFocus());
    expect(screen.getByTestId('upcoming-shown-count')).toHaveTextContent(
      'Showing 25 of 25 upcoming appointments',
    );
    expect(screen.queryByRole('button', { name: 'Show more upcoming appointments' })).not.toBeInTheDocument();
    // The second ask reads only the visits after the last one shown (decision 287).
    const pages = sentBodies(fetch)
      .filter((b) => b.dateOfServiceRangeLow)
      .map((b) => [b.limit, b.cursor]);
    expect(pages).toEqual([
      [20, null],
      [20, 'p20'],
    ]);
  });

  it('shows no count and no Show more for a few upcoming visits', async () => {
    server();
    renderWithProviders(<Appointments patientId={7} />);
    await screen.findAllByTestId('visit-date');
    expect(screen.queryByTestId('upcoming-shown-count')).not.toBeInTheDocument();
    expect(screen.queryByTestId('upcoming-show-more')).not.toBeInTheDocument();
  });

  it('counts a single past visit in the singular, in English and in Spanish', async () => {
    server({ past: pastVisits.slice(0, 1) });
    const { unmount } = renderWithProviders(<Appointments patientId={7} />);
    expect(await screen.findByTestId('past-count')).toHaveTextContent(/^Showing 1 of 1 past visit$/);
    unmount();
    await setLanguage('es', { remember: false });
    renderWithProviders(<Appointments patientId={7} />);
    expect(await screen.findByTestId('past-count')).toHaveTextContent(/^Se muestra 1 de 1 visita anterior$/);
  });

  it("previews education in 200 characters plus ' ...' and More... opens the full text", async () => {
    server();
    renderWithProviders(<Appointments patientId={7} />);
    const previews = await screen.findAllByTestId('education-preview');
    const first = previews[0]!;
    expect(first.textContent).toContain(`${longText.slice(0, 200)} ...`);
    expect(first.textContent).not.toContain('END-OF-TEXT');
    // A short text needs no More... link.
    expect(within(previews[1]!).queryByText('More...')).not.toBeInTheDocument();
    await userEvent.setup().click(within(first).getByText('More...'));
    const modal = await screen.findByTestId('education-modal');
    expect(within(modal).getByTestId('education-text').textContent).toBe(longText);
    expect(within(modal).getByRole('button', { name: 'Print' })).toBeInTheDocument();
  });

  it('shows the spec texts when empty, and the red error text when the fetch fails', async () => {
    server({ upcoming: () => ({ body: { encounters: [], total: 0 } }) });
    const { unmount } = renderWithProviders(<Appointments patientId={7} />);
    expect(await screen.findByText("You don't have any scheduled appointments")).toBeInTheDocument();
    unmount();
    vi.unstubAllGlobals();
    server({ upcoming: () => ({ status: 500, body: { error: 'INTERNAL', message: 'x' } }) });
    renderWithProviders(<Appointments patientId={7} />);
    expect(await screen.findByTestId('upcoming-error')).toHaveTextContent(
      'Upcoming appointments fetch failed, please try again ...',
    );
  });
});

describe("the lists' now (decision 331)", () => {
  /** As the page's inline script records the instant it sent the two lists' requests with. */
  const recordPageNow = (ageMs: number) => {
    const at = new Date(Date.now() - ageMs).toISOString();
    (window as unknown as Record<string, unknown>)[earlyNowProperty] = { at };
    return at;
  };
  const bounds = (fetch: ReturnType<typeof mockFetch>) =>
    sentBodies(fetch).map((body) => body.dateOfServiceRangeLow ?? body.dateOfServiceRangeHigh);

  it("is the page's recent instant for each list's first request, and the clock's after that", async () => {
    const at = recordPageNow(30_000);
    let upcomingAsked = 0;
    const fetch = server({
      upcoming: () =>
        (upcomingAsked += 1) === 1
          ? { status: 500, body: { error: 'INTERNAL', message: 'x' } }
          : { body: { encounters: [], total: 0 } },
    });
    renderWithProviders(<Appointments patientId={7} />);
    await screen.findByTestId('upcoming-error');
    await screen.findAllByTestId('past-visit');
    expect(bounds(fetch)).toEqual([at, at]);
    const retried = Date.now();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByTestId('upcoming-empty');
    const again = bounds(fetch)[2];
    expect(Date.parse(String(again))).toBeGreaterThanOrEqual(retried);
  });

  it("is the clock's when the page's instant is over a minute old", async () => {
    const at = recordPageNow(5 * 60_000);
    const opened = Date.now();
    const fetch = server();
    renderWithProviders(<Appointments patientId={7} />);
    await screen.findByRole('table', { name: 'Upcoming Appointments' });
    await screen.findAllByTestId('past-visit');
    const sent = bounds(fetch);
    expect(sent).toHaveLength(2);
    for (const bound of sent) {
      expect(bound).not.toBe(at);
      expect(Date.parse(String(bound))).toBeGreaterThanOrEqual(opened);
    }
  });
});

describe('signing', () => {
  it('sets PENDING, the time and the signature on the PATIENT_OR_LEGAL_GUARDIAN cosigner', () => {
    const now = new Date('2030-05-01T10:00:00.000Z');
    const signed = signedConsent(consentOf(9, 'Photo consent'), 'iVBORw0KGgo=', now);
    expect(signed.status).toBe('PENDING');
    expect(signed.dateModified).toBe('2030-05-01T10:00:00.000Z');
    expect(signed.cosigners).toEqual([{ type: 'PATIENT_OR_LEGAL_GUARDIAN', signature: 'iVBORw0KGgo=' }]);
  });

  it('strips the 22-character data URL prefix', () => {
    expect('data:image/png;base64,'.length).toBe(22);
    expect(stripDataUrl('data:image/png;base64,iVBORw0KGgo=')).toBe('iVBORw0KGgo=');
  });
});
