/**
 * pharmacy/searchByZipCodeMarkFavorite's answer (decision 315). The nearest pharmacies of a ZIP depend
 * only on the directory, so they are kept by ZIP, written as JSON once, for the directory's revision
 * (migration 0493), which the request reads with the patient's favorites in one statement; the answer
 * is then the kept text of each pharmacy, marked or not. Only a directory written since the ZIP was
 * kept (by any server or script) makes it search again.
 */
import { nearbyPharmaciesResponse, nearbyPharmaciesSize, pharmacy as pharmacyShape } from '@dermis/contract';
import type { Db } from '../../db/database';
import { AnswersByRevision } from '../../lib/answers-by-revision';
import { fastStringify } from '../../lib/fast-serializer';
import type { GeoPoint } from '../../lib/geo/zip-centroids';
import { directoryRevisionAndFavorites, nearbyPharmacies } from './pharmacy-directory.repository';

/** A ZIP's nearest: the answer's text up to its list, and each pharmacy's text unmarked and marked. */
interface KeptNearby {
  opening: string;
  pharmacies: { id: number; unmarked: string; marked: string }[];
}

const answerJson = fastStringify(nearbyPharmaciesResponse);
const pharmacyJson = fastStringify(pharmacyShape);

/**
 * ZIPs kept at most: a practice's patients live in a few hundred at most, and a ZIP's 50 pharmacies
 * are about 32 KB in both forms.
 */
const keptZips = 500;

/** The answer's text for a ZIP found among the centroids, the patient's favorites marked. */
export function nearbyAnswers(
  db: Db,
): (zipCode: string, location: GeoPoint, patientId: number) => Promise<string> {
  const kept = new AnswersByRevision<string, KeptNearby>(keptZips);
  return async (zipCode, location, patientId) => {
    // The revision is read before the directory, so a ZIP is never kept under a newer revision than
    // the rows it was written from.
    const { revision, favorites } = await directoryRevisionAndFavorites(db, patientId);
    let nearby = kept.get(zipCode, revision);
    if (nearby === undefined) {
      const pharmacies = await nearbyPharmacies(db, location, nearbyPharmaciesSize);
      // The list is the answer's last key: its text ends with the empty list's `[]}`.
      const empty = answerJson({ zipCode, location, pharmacies: [] });
      nearby = {
        opening: empty.slice(0, -3),
        pharmacies: pharmacies.map((p) => ({
          id: p.id,
          unmarked: pharmacyJson(p),
          marked: pharmacyJson({ ...p, favorite: true }),
        })),
      };
      kept.set(zipCode, revision, nearby);
    }
    const marked = new Set(favorites);
    const list = nearby.pharmacies.map((p) => (marked.has(p.id) ? p.marked : p.unmarked));
    return `${nearby.opening}[${list.join(',')}]}`;
  };
}
