/**
 * The resource builders on a large synthetic record (every list long, odd characters in every text)
 * and on the edge cases the demo does not hold: every resource validates against its US Core profile.
 */
import { describe, expect, it } from 'vitest';
import type { Resource } from '@medplum/fhirtypes';
import { emptyClinicalRecord } from '../../../../lib/health-record/synthetic-clinical-record';
import { syntheticHealthRecord } from '../../../../lib/health-record/synthetic-health-record';
import { findUsCoreDir, usCoreErrors } from '../../../../test/us-core-validator';
import { buildPatientResources } from '.';
import { buildProvenance } from './provenance';

const usCoreDir = findUsCoreDir();
const skipReason =
  'SKIPPED: ../shared/fixtures/us-core-6.1.0 is absent, so there is no US Core package to validate against';
if (!usCoreDir) console.warn(`resources.test.ts: ${skipReason}`);

const ctx = { patientId: 1, practiceId: 1, base: 'https://portal.example.org/fhir/r4' };

describe.skipIf(!usCoreDir)(
  usCoreDir ? 'FHIR resources of a synthetic record' : `FHIR resources (${skipReason})`,
  () => {
    it('validates every resource and its Provenance, with family history naming no relative and a visit document of an unserved visit', () => {
      const record = syntheticHealthRecord(40);
      record.familyHistory[0]!.relatives = [];
      const at = new Date('2026-01-02T03:04:05Z');
      const built = buildPatientResources(ctx, {
        record,
        clinical: emptyClinicalRecord(),
        patientUpdatedAt: at,
        documents: [
          {
            id: 1,
            name: 'Lab <report>',
            fileName: 'lab.pdf',
            mimeType: 'application/pdf',
            contentLength: 10,
            dateCreated: at,
            addedOn: at,
            updatedAt: at,
          },
        ],
        visitDocuments: [
          { id: 1, encounterId: 1, title: 'Visit note', receivedAt: at },
          { id: 2, encounterId: 999_999, title: 'Future visit note', receivedAt: at },
        ],
        insurance: [],
      });
      const errors = built.flatMap((b) => [
        ...usCoreErrors(usCoreDir!, b.resource as Resource),
        ...usCoreErrors(usCoreDir!, buildProvenance(ctx, b) as Resource),
      ]);
      expect(errors).toEqual([]);
      const ids = built.map((b) => `${b.resource.resourceType}/${b.resource.id}`);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids).toContain(`FamilyMemberHistory/family-${record.familyHistory[0]!.id}-fammemb`);
      const future = built.find((b) => b.resource.id === 'visit-document-2')!.resource;
      expect(future.context).toBeUndefined();
      expect(built.find((b) => b.resource.id === 'visit-document-1')!.resource.context).toBeDefined();
    });
  },
);
