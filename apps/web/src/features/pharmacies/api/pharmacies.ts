import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  pharmaciesCalls,
  pharmacySearchDefaultSize,
  type NearbyPharmacies,
  type Pharmacy,
} from '@dermis/contract';
import { useApiClient, type HttpClient } from '../../../lib/api';

const keys = {
  favorites: (patientId: number) => ['pharmacies', 'favorites', patientId] as const,
  nearby: (patientId: number, zip: string) => ['pharmacies', 'nearby', patientId, zip] as const,
  search: (patientId: number, text: string) => ['pharmacies', 'search', patientId, text] as const,
};

/** GET pharmacy/getFavoritePharmaciesByPatientId/_rid/{id}: favorites in the order added. */
export function favoritePharmaciesQuery(client: HttpClient, patientId: number) {
  return queryOptions({
    queryKey: keys.favorites(patientId),
    queryFn: () => client.call(pharmaciesCalls.getFavorites, { params: { id: String(patientId) } }),
  });
}

export function useFavoritePharmacies(patientId: number) {
  return useQuery(favoritePharmaciesQuery(useApiClient(), patientId));
}

/**
 * POST pharmacy/searchByZipCodeMarkFavorite: the pharmacies nearest the home ZIP, favorites marked,
 * and the ZIP's centroid for the map. Spec §5: needs a profile id and a zip code, so it waits for one.
 */
export function useNearbyPharmacies(patientId: number, zipCode: string | null) {
  const client = useApiClient();
  return useQuery({
    queryKey: keys.nearby(patientId, zipCode ?? ''),
    // Enabled only with a ZIP code (below).
    queryFn: () => client.call(pharmaciesCalls.nearby, { body: { patientId, zipCode: zipCode ?? '' } }),
    enabled: zipCode !== null,
  });
}

/** POST pharmacy/search (spec §7, §9): RETAIL, at most 100, fired from 2 characters. */
export function usePharmacySearch(patientId: number, searchText: string) {
  const client = useApiClient();
  return useQuery({
    queryKey: keys.search(patientId, searchText),
    queryFn: () =>
      client.call(pharmaciesCalls.search, {
        body: { searchText, specialtyType: 'RETAIL', resultSetSize: pharmacySearchDefaultSize, patientId },
      }),
    enabled: searchText !== '',
    placeholderData: (previous) => previous,
  });
}

export type FavoriteChange = 'NEW' | 'DELETED';

/** Marks each pharmacy of a list as favorite or not, by the favorites' ids. */
export function markFavorites(list: Pharmacy[], favorites: Pharmacy[]): Pharmacy[] {
  const ids = new Set(favorites.map((f) => f.id));
  return list.map((p) => (p.favorite === ids.has(p.id) ? p : { ...p, favorite: ids.has(p.id) }));
}

/**
 * POST pharmacy/saveFavoritePharmaciesForPatient with one change (spec §3: the address is sent on
 * add). The answer is the favorites after it; the nearby and search lists are re-marked from it.
 */
export function useSaveFavoritePharmacy(patientId: number) {
  const client = useApiClient();
  const queries = useQueryClient();
  return useMutation({
    mutationFn: ({ pharmacy, change }: { pharmacy: Pharmacy; change: FavoriteChange }) =>
      client.call(pharmaciesCalls.saveFavorites, {
        body: {
          patientId,
          patientPharmacyInfoList: [
            change === 'NEW'
              ? {
                  pharmacyId: pharmacy.id,
                  changeStatus: change,
                  storeName: pharmacy.storeName,
                  primaryPhoneNumber: pharmacy.primaryPhoneNumber,
                  addressInformationInfo: pharmacy.addressInformationInfo,
                }
              : { pharmacyId: pharmacy.id, changeStatus: change },
          ],
        },
      }),
    onSuccess: (favorites) => {
      queries.setQueryData(keys.favorites(patientId), favorites);
      queries.setQueriesData<NearbyPharmacies>({ queryKey: ['pharmacies', 'nearby', patientId] }, (old) =>
        old ? { ...old, pharmacies: markFavorites(old.pharmacies, favorites) } : old,
      );
      queries.setQueriesData<Pharmacy[]>({ queryKey: ['pharmacies', 'search', patientId] }, (old) =>
        old ? markFavorites(old, favorites) : old,
      );
    },
  });
}
