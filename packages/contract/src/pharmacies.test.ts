import { describe, expect, it } from 'vitest';
import { formatPharmacyPhone, nearbyPharmaciesRequest, pharmacySearchRequest } from './pharmacies';

describe('pharmacy contract', () => {
  it('shows phones as (###) ### - #### (spec 001 §2)', () => {
    expect(formatPharmacyPhone('2392630101')).toBe('(239) 263 - 0101');
    expect(formatPharmacyPhone('+1 239-263-0101')).toBe('(239) 263 - 0101');
    expect(formatPharmacyPhone('12345')).toBe('12345');
    expect(formatPharmacyPhone(null)).toBe('');
  });

  it('takes a 5-digit or ZIP+4 code and a search of 2+ characters, RETAIL, at most 100', () => {
    expect(nearbyPharmaciesRequest.safeParse({ patientId: 1, zipCode: '34102' }).success).toBe(true);
    expect(nearbyPharmaciesRequest.safeParse({ patientId: 1, zipCode: '34102-6502' }).success).toBe(true);
    expect(nearbyPharmaciesRequest.safeParse({ patientId: 1, zipCode: '3410' }).success).toBe(false);
    expect(nearbyPharmaciesRequest.safeParse({ patientId: 1, zipCode: 'K1A 0B1' }).success).toBe(false);
    expect(pharmacySearchRequest.parse({ searchText: 'wa' })).toMatchObject({
      specialtyType: 'RETAIL',
      resultSetSize: 100,
    });
    expect(pharmacySearchRequest.safeParse({ searchText: 'w' }).success).toBe(false);
    expect(pharmacySearchRequest.safeParse({ searchText: 'walg', resultSetSize: 101 }).success).toBe(false);
  });
});
