/**
 * Terminology searches (spec 001 §7): `fdb/search/searchAllergensByName`,
 * `prescription/searchPrescriptionsByFilter` and `subjective/searchSnomed`. Signed-in callers only;
 * they read reference data, never a patient's, so the patient-access guard has nothing to check.
 */
import { terminologyCalls } from '@dermis/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../plugins/register-call';
import { searchAllergens, searchDrugs, searchSnomedConcepts } from './terminology.service';

export function registerTerminologyCalls(app: FastifyInstance): void {
  registerCall(app, terminologyCalls.searchAllergensByName, ({ body }) =>
    searchAllergens(app.db, body.searchText, body.maxResults),
  );
  registerCall(app, terminologyCalls.searchPrescriptionsByFilter, ({ body }) =>
    searchDrugs(app.db, body.searchText, body.maxResults),
  );
  registerCall(app, terminologyCalls.searchSnomed, ({ body }) =>
    searchSnomedConcepts(app.db, body.searchText, body.sectionId, body.maxResults),
  );
}
