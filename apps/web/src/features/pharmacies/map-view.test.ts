import { describe, expect, it, vi } from 'vitest';
import type { Pharmacy } from '@dermis/contract';
import { homeZip, mapView, placeablePharmacies, withFavorites } from './map-view';

const pharmacy = (id: number, over: Partial<Pharmacy> = {}): Pharmacy => ({
  id,
  npi: null,
  storeName: `Store ${id}`,
  primaryPhoneNumber: '2395550100',
  latitude: 26.14,
  longitude: -81.79,
  favorite: false,
  distanceMiles: 1,
  addressInformationInfo: {
    streetAddressLn1: '1 Main St',
    city: 'Naples',
    state: 'FL',
    zip: '34102',
    country: 'USA',
  },
  ...over,
});

describe('mapView (spec 001 §2: full address, then ZIP, then the default view)', () => {
  it('shows the default centre 40, -100 at zoom 4 without a home', () => {
    expect(mapView({})).toEqual({
      center: { latitude: 40, longitude: -100 },
      zoom: 4,
      home: null,
      source: 'default',
    });
    expect(mapView({ address: null, zip: null }).source).toBe('default');
  });

  it('zooms to 6 on the ZIP centroid, and prefers the full address when one was geocoded', () => {
    const zip = { latitude: 26.14, longitude: -81.79 };
    expect(mapView({ zip })).toEqual({ center: zip, zoom: 6, home: zip, source: 'zip' });
    const address = { latitude: 26.15, longitude: -81.8 };
    expect(mapView({ address, zip })).toEqual({ center: address, zoom: 6, home: address, source: 'address' });
  });
});

describe('placeablePharmacies', () => {
  it('skips a pharmacy without usable coordinates, with a warning naming it', () => {
    const warn = vi.fn();
    const placed = placeablePharmacies(
      [
        pharmacy(1),
        pharmacy(2, { latitude: null }),
        pharmacy(3, { longitude: null }),
        pharmacy(4, { latitude: 91 }),
        pharmacy(5, { latitude: 0, longitude: 0 }),
      ],
      warn,
    );
    expect(placed.map((p) => p.id)).toEqual([1, 5]);
    expect(warn).toHaveBeenCalledTimes(3);
    expect(warn.mock.calls[0]?.[0]).toContain('Pharmacy 2 (Store 2) has no coordinates');
  });
});

describe('homeZip', () => {
  it('takes the 5 digits of the first active address with a valid ZIP', () => {
    expect(
      homeZip([
        { active: false, zipCode: '10001' },
        { active: true, zipCode: '34102-1234' },
      ]),
    ).toBe('34102');
    expect(
      homeZip([
        { active: true, zipCode: 'n/a' },
        { active: false, zipCode: '10001' },
      ]),
    ).toBe('10001');
    expect(homeZip([{ active: true, zipCode: 'K1A 0B1' }])).toBeNull();
    expect(homeZip([])).toBeNull();
  });
});

describe('withFavorites', () => {
  it('adds the favorites missing from the list, once each', () => {
    const list = [pharmacy(1), pharmacy(2)];
    expect(withFavorites(list, [pharmacy(2), pharmacy(9)]).map((p) => p.id)).toEqual([1, 2, 9]);
  });
});
