import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Pharmacy } from '@dermis/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n/language';
import { mockFetch, type FakeReply } from '../../../lib/testing/fetch-mock';
import { renderWithProviders } from '../../../lib/testing/render';
import { PharmaciesEditor } from './pharmacies-page';

const pharmacy = (id: number, over: Partial<Pharmacy> = {}): Pharmacy => ({
  id,
  npi: null,
  storeName: `Gulf Pharmacy ${id}`,
  primaryPhoneNumber: '2395550100',
  latitude: 26.14 + id / 100,
  longitude: -81.79,
  favorite: false,
  distanceMiles: id / 2,
  addressInformationInfo: {
    streetAddressLn1: `${id} Main St`,
    city: 'Naples',
    state: 'FL',
    zip: '34102',
    country: 'USA',
  },
  ...over,
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await setLanguage('en', { remember: false });
});

/** The requests the fake server received: address and JSON body. */
function sent(fetch: ReturnType<typeof mockFetch>, ending: string): Array<Record<string, unknown>> {
  return fetch.mock.calls
    .filter(([url]) => (url as string).endsWith(ending))
    .map(([, init]) => JSON.parse((init?.body as string | undefined) ?? 'null') as Record<string, unknown>);
}

function server(
  options: {
    save?: (body: Record<string, unknown>) => FakeReply;
    favorites?: Pharmacy[];
    /** A longer vicinity list: pharmacies 1..nearbyCount, all with coordinates. */
    nearbyCount?: number;
    /** What /api/config answers, and when. */
    config?: Promise<Record<string, unknown>>;
  } = {},
) {
  let favorites = options.favorites ?? [];
  const vicinity = options.nearbyCount
    ? Array.from({ length: options.nearbyCount }, (_, i) => pharmacy(i + 1))
    : [pharmacy(1), pharmacy(2), pharmacy(3, { latitude: null, longitude: null })];
  const nearby = () =>
    vicinity.map((p) => ({
      ...p,
      favorite: favorites.some((f) => f.id === p.id),
    }));
  return mockFetch((url, init) => {
    if (url.includes('getFavoritePharmaciesByPatientId/_rid/7')) return { body: favorites };
    if (url.endsWith('pharmacy/searchByZipCodeMarkFavorite'))
      return {
        body: { zipCode: '34102', location: { latitude: 26.14, longitude: -81.79 }, pharmacies: nearby() },
      };
    if (url.endsWith('pharmacy/search')) return { body: [pharmacy(40, { storeName: 'Bayshore Drugs' })] };
    if (url.endsWith('pharmacy/saveFavoritePharmaciesForPatient')) {
      const body = JSON.parse(init.body as string) as {
        patientPharmacyInfoList: Array<{ pharmacyId: number; changeStatus: string }>;
      };
      const reply = options.save?.(body);
      if (reply) return reply;
      for (const item of body.patientPharmacyInfoList) {
        favorites =
          item.changeStatus === 'NEW'
            ? [...favorites, { ...pharmacy(item.pharmacyId), favorite: true }]
            : favorites.filter((f) => f.id !== item.pharmacyId);
      }
      return { body: favorites };
    }
    if (url.endsWith('/api/config'))
      return options.config
        ? options.config.then((body) => ({ body }))
        : { body: { environment: 'test', version: '1', mapTileUrl: null, mapTileAttribution: null } };
    return { status: 404, body: { error: 'NOT_FOUND', message: 'Not found.' } };
  });
}

describe('PharmaciesEditor', () => {
  it('shows the empty favorites, the vicinity list with formatted phones, and the map without the pharmacy lacking coordinates', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const fetch = server();
    renderWithProviders(<PharmaciesEditor patientId={7} zipCode="34102" />);
    expect(await screen.findByText('Your Favorite Pharmacy List is empty')).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'This is a list of pharmacies in your vicinity' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(within(list).getAllByText('(239) 555 - 0100')).toHaveLength(3);
    expect(sent(fetch, 'searchByZipCodeMarkFavorite')[0]).toEqual({ patientId: 7, zipCode: '34102' });
    // The map: two markers and the home; the third pharmacy is skipped with a warning.
    await waitFor(() => expect(document.querySelectorAll('.pharmacy-map-marker')).toHaveLength(2));
    expect(document.querySelector('.pharmacy-map-home')).not.toBeNull();
    expect(warn).toHaveBeenCalledWith(
      expect.stringContaining('Pharmacy 3 (Gulf Pharmacy 3) has no coordinates'),
    );
    warn.mockRestore();
  });

  it("keeps the home and the pharmacies on the map when the practice's tiles are known only after it was drawn", async () => {
    let answerConfig: (body: Record<string, unknown>) => void = () => {};
    server({
      config: new Promise((resolve) => {
        answerConfig = resolve;
      }),
    });
    renderWithProviders(<PharmaciesEditor patientId={7} zipCode="34102" />);
    await waitFor(() => expect(document.querySelectorAll('.pharmacy-map-marker')).toHaveLength(2));
    expect(document.querySelector('.leaflet-pharmacy-map-land-pane')).not.toBeNull();

    answerConfig({
      environment: 'test',
      version: '1',
      mapTileUrl: 'https://tiles.example.org/{z}/{x}/{y}.png',
      mapTileAttribution: 'Practice tiles',
    });
    // The map is drawn again on the practice's tiles, with everything it showed.
    await waitFor(() =>
      expect(document.querySelector('.leaflet-control-attribution')).toHaveTextContent('Practice tiles'),
    );
    expect(document.querySelectorAll('.pharmacy-map-marker')).toHaveLength(2);
    expect(document.querySelector('.pharmacy-map-home')).not.toBeNull();
  });

  it('shows a long vicinity list 20 at a time with a counted "Show more", the map keeping every pharmacy', async () => {
    server({ nearbyCount: 45 });
    renderWithProviders(<PharmaciesEditor patientId={7} zipCode="34102" />);
    const user = userEvent.setup();
    const list = await screen.findByRole('list', { name: 'This is a list of pharmacies in your vicinity' });
    // The first screenful renders first, the rest of the page right after (screenful-first.ts).
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(20));
    expect(screen.getByText('Showing 20 of 45 pharmacies')).toBeInTheDocument();
    await waitFor(() => expect(document.querySelectorAll('.pharmacy-map-marker')).toHaveLength(45));

    await user.click(screen.getByRole('button', { name: 'Show more pharmacies (25 left)' }));
    expect(within(list).getAllByRole('listitem')).toHaveLength(40);
    expect(screen.getByText('Showing 40 of 45 pharmacies')).toBeInTheDocument();
    // The focus goes on to the first pharmacy just shown.
    await waitFor(() => expect(document.activeElement).toBe(within(list).getAllByRole('listitem')[20]));

    await user.click(screen.getByRole('button', { name: 'Show more pharmacies (5 left)' }));
    expect(within(list).getAllByRole('listitem')).toHaveLength(45);
    expect(screen.getByText('45 pharmacies')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Show more pharmacies/ })).toBeNull();

    // Adding a favorite reloads the list but keeps what is shown.
    await user.click(screen.getByRole('button', { name: 'Add Gulf Pharmacy 44 to my favorite pharmacies' }));
    await user.click(await screen.findByRole('button', { name: 'OK' }));
    await waitFor(() => expect(within(list).getAllByText('Favorite')).toHaveLength(1));
    expect(within(list).getAllByRole('listitem')).toHaveLength(45);

    // A search is a new list: it starts again at its first page, and clearing it does too.
    await user.type(screen.getByLabelText('Search for your favorite pharmacies'), 'ba');
    await screen.findByRole('list', { name: 'Pharmacies matching "ba"' });
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    const again = await screen.findByRole('list', { name: 'This is a list of pharmacies in your vicinity' });
    await waitFor(() => expect(within(again).getAllByRole('listitem')).toHaveLength(20));
  });

  it('counts one pharmacy, and one left to show, in the singular (decision 164)', async () => {
    server({ nearbyCount: 1 });
    const { unmount } = renderWithProviders(<PharmaciesEditor patientId={7} zipCode="34102" />);
    expect(await screen.findByText('1 pharmacy')).toBeInTheDocument();
    unmount();

    server({ nearbyCount: 21 });
    const second = renderWithProviders(<PharmaciesEditor patientId={7} zipCode="34102" />);
    expect(await screen.findByText('Showing 20 of 21 pharmacies')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show more pharmacies (1 left)' })).toBeInTheDocument();
    second.unmount();
  });

  it('counts in Spanish: "1 farmacia", "Se muestran 20 de 21 farmacias", "queda 1" and "quedan 2"', async () => {
    await setLanguage('es', { remember: false });
    server({ nearbyCount: 1 });
    const first = renderWithProviders(<PharmaciesEditor patientId={7} zipCode="34102" />);
    expect(await screen.findByText('1 farmacia')).toBeInTheDocument();
    first.unmount();

    server({ nearbyCount: 21 });
    const second = renderWithProviders(<PharmaciesEditor patientId={7} zipCode="34102" />);
    expect(await screen.findByText('Se muestran 20 de 21 farmacias')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mostrar más farmacias (queda 1)' })).toBeInTheDocument();
    second.unmount();

    server({ nearbyCount: 22 });
    renderWithProviders(<PharmaciesEditor patientId={7} zipCode="34102" />);
    expect(
      await screen.findByRole('button', { name: 'Mostrar más farmacias (quedan 2)' }),
    ).toBeInTheDocument();
  });

  it('shows the list up to a pharmacy chosen on the map beyond the first page', async () => {
    server({ nearbyCount: 30 });
    renderWithProviders(<PharmaciesEditor patientId={7} zipCode="34102" />);
    const list = await screen.findByRole('list', { name: 'This is a list of pharmacies in your vicinity' });
    await waitFor(() => expect(document.querySelectorAll('.pharmacy-map-marker')).toHaveLength(30));
    const marker = document.querySelector<HTMLElement>('.pharmacy-map-marker[data-pharmacy-id="26"]');
    expect(marker).not.toBeNull();
    marker!.click();
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(26));
    expect(list.querySelector('li[data-pharmacy-id="26"]')).toHaveAttribute('data-selected', 'true');
    expect(screen.getByRole('button', { name: 'Show more pharmacies (4 left)' })).toBeInTheDocument();
  });

  it('adds a favorite after OK (address sent), and Cancel sends nothing', async () => {
    const fetch = server();
    renderWithProviders(<PharmaciesEditor patientId={7} zipCode="34102" />);
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Add Gulf Pharmacy 1 to my favorite pharmacies' }),
    );
    expect(
      await screen.findByText('Do you want to add Gulf Pharmacy 1 to your favorite pharmacies?'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent(fetch, 'saveFavoritePharmaciesForPatient')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Add Gulf Pharmacy 1 to my favorite pharmacies' }));
    await user.click(await screen.findByRole('button', { name: 'OK' }));
    const favorites = await screen.findByRole('list', { name: 'My Favorite Pharmacies' });
    expect(within(favorites).getByText('Gulf Pharmacy 1')).toBeInTheDocument();
    expect(sent(fetch, 'saveFavoritePharmaciesForPatient')[0]).toMatchObject({
      patientId: 7,
      patientPharmacyInfoList: [
        {
          pharmacyId: 1,
          changeStatus: 'NEW',
          addressInformationInfo: { streetAddressLn1: '1 Main St', zip: '34102' },
        },
      ],
    });
    // The vicinity list now marks it and offers removal instead.
    expect(
      await screen.findAllByRole('button', { name: 'Remove Gulf Pharmacy 1 from my favorite pharmacies' }),
    ).toHaveLength(2);
  });

  it('removes a favorite after confirmation', async () => {
    const fetch = server({ favorites: [{ ...pharmacy(2), favorite: true }] });
    renderWithProviders(<PharmaciesEditor patientId={7} zipCode="34102" />);
    const user = userEvent.setup();
    const favorites = await screen.findByRole('list', { name: 'My Favorite Pharmacies' });
    await user.click(
      within(favorites).getByRole('button', { name: 'Remove Gulf Pharmacy 2 from my favorite pharmacies' }),
    );
    expect(
      await screen.findByText(
        'Are you sure that you want to remove Gulf Pharmacy 2 from your favorite pharmacies?',
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('Your Favorite Pharmacy List is empty')).toBeInTheDocument();
    expect(sent(fetch, 'saveFavoritePharmaciesForPatient')[0]).toEqual({
      patientId: 7,
      patientPharmacyInfoList: [{ pharmacyId: 2, changeStatus: 'DELETED' }],
    });
  });

  it("says 'Add pharmacy failed, please try again ...' when the save fails", async () => {
    server({ save: () => ({ status: 500, body: { error: 'INTERNAL', message: 'x' } }) });
    renderWithProviders(<PharmaciesEditor patientId={7} zipCode="34102" />);
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Add Gulf Pharmacy 1 to my favorite pharmacies' }),
    );
    await user.click(await screen.findByRole('button', { name: 'OK' }));
    expect(await screen.findByText('Add pharmacy failed, please try again ...')).toBeInTheDocument();
  });

  it("says why the server refused an added pharmacy, in the server's words", async () => {
    const reason = 'You can keep at most 10 favorite pharmacies.';
    server({
      save: () => ({
        status: 400,
        body: {
          error: 'VALIDATION_ERROR',
          message: 'The request is not valid.',
          validationMessages: [{ field: 'patientPharmacyInfoList', description: reason }],
        },
      }),
    });
    renderWithProviders(<PharmaciesEditor patientId={7} zipCode="34102" />);
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Add Gulf Pharmacy 1 to my favorite pharmacies' }),
    );
    await user.click(await screen.findByRole('button', { name: 'OK' }));
    expect(await screen.findByText(reason)).toBeInTheDocument();
    expect(screen.queryByText('Add pharmacy failed, please try again ...')).not.toBeInTheDocument();
  });

  it('searches from 2 characters and shows the results in place of the vicinity', async () => {
    const fetch = server();
    renderWithProviders(<PharmaciesEditor patientId={7} zipCode="34102" />);
    const user = userEvent.setup();
    await screen.findByRole('list', { name: 'This is a list of pharmacies in your vicinity' });
    await user.type(screen.getByLabelText('Search for your favorite pharmacies'), 'b');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(sent(fetch, 'pharmacy/search')).toHaveLength(0);
    await user.type(screen.getByLabelText('Search for your favorite pharmacies'), 'a');
    expect(await screen.findByRole('list', { name: 'Pharmacies matching "ba"' })).toBeInTheDocument();
    expect(screen.getByText('Bayshore Drugs')).toBeInTheDocument();
    expect(sent(fetch, 'pharmacy/search')[0]).toEqual({
      searchText: 'ba',
      specialtyType: 'RETAIL',
      resultSetSize: 100,
      patientId: 7,
    });
  });

  it("says 'searchPharmacies fetch failed, please try again ...' when the vicinity cannot be loaded, and asks for an address without a ZIP", async () => {
    mockFetch((url) =>
      url.endsWith('searchByZipCodeMarkFavorite')
        ? { status: 500, body: { error: 'X', message: 'x' } }
        : { body: [] },
    );
    const { unmount } = renderWithProviders(<PharmaciesEditor patientId={7} zipCode="34102" />);
    expect(
      await screen.findByText('searchPharmacies fetch failed, please try again ...'),
    ).toBeInTheDocument();
    unmount();
    renderWithProviders(<PharmaciesEditor patientId={7} zipCode={null} />);
    expect(
      await screen.findByText(
        'Add your home address to your profile to see the pharmacies in your vicinity.',
      ),
    ).toBeInTheDocument();
  });
});
