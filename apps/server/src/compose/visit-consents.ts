/**
 * The consents feature's part in a visit (its consents listed with it, replaced by the clinic's
 * upsert), handed to the appointments feature: app.ts and the CLI pass it in.
 */
import type { VisitConsents } from '../features/appointments/visit-consents';
import { syncEncounterConsents } from '../features/consents/consent-forms.service';
import {
  consentsOfVisit,
  listedConsents,
  unsignedConsentsOfVisitJson,
  unsignedOf,
} from '../features/consents/consent-signing.service';

export const visitConsents: VisitConsents = {
  column: consentsOfVisit,
  unsignedJson: unsignedConsentsOfVisitJson,
  fromColumn: listedConsents,
  unsigned: unsignedOf,
  replaceForVisit: syncEncounterConsents,
};
