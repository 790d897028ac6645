/**
 * Pharmacy calls (contract `pharmaciesCalls`, spec 001 §7, decision 086). Every call that names a
 * patient goes through the patient-access guard (the responsible person of an active link may read
 * and save): the favorites, the nearby list (favorites marked) and the search (favorites of
 * `patientId`, or of the caller's own patient when absent). The ZIP look-up reads the bundled ZIP
 * centroids only.
 */
import { pharmaciesCalls } from '@dermis/contract';
import type { FastifyInstance } from 'fastify';
import { zipCentroid } from '../../lib/geo/zip-centroids';
import { sendJsonText } from '../../lib/fast-serializer';
import { notFound } from '../../lib/http-error';
import { registerCall } from '../../plugins/register-call';
import { loadFavoritePharmacies, saveFavoritePharmacyChanges } from './favorite-pharmacies.repository';
import { nearbyAnswers } from './nearby-answers';
import { searchPharmacies } from './pharmacy-directory.repository';

export function registerPharmaciesCalls(app: FastifyInstance): void {
  registerCall(app, pharmaciesCalls.getFavorites, ({ patient }) =>
    loadFavoritePharmacies(app.db, patient.patientId),
  );

  registerCall(app, pharmaciesCalls.saveFavorites, ({ patient, body }) =>
    saveFavoritePharmacyChanges(app.db, patient.patientId, body.patientPharmacyInfoList),
  );

  registerCall(
    app,
    pharmaciesCalls.search,
    ({ patient, body }) => searchPharmacies(app.db, body.searchText, body.resultSetSize, patient.patientId),
    { patientWhenAbsent: 'caller' },
  );

  // A ZIP's nearest kept by the directory's revision, the favorites marked per request (decision 315).
  const nearbyAnswer = nearbyAnswers(app.db);
  registerCall(app, pharmaciesCalls.nearby, async ({ patient, body, reply }) => {
    const zipCode = body.zipCode.slice(0, 5);
    const location = await zipCentroid(zipCode);
    if (!location) return { zipCode, location, pharmacies: [] };
    return sendJsonText(reply, await nearbyAnswer(zipCode, location, patient.patientId));
  });

  registerCall(app, pharmaciesCalls.geocodeZip, async ({ params }) => {
    const zipCode = params.zip.slice(0, 5);
    const location = await zipCentroid(zipCode);
    if (!location) throw notFound('server.error.zipCodeUnknown');
    return { zipCode, location };
  });
}
