/**
 * Every resource the FHIR API answers for every demo patient, read alone and found by search (with
 * its Provenance through _revinclude), validates against the US Core 6.1.0 profile it claims with no
 * error: @medplum/core's validator loaded with the published package (shared/fixtures/us-core-6.1.0).
 */
import { describe, expect, it } from 'vitest';
import type { Resource } from '@medplum/fhirtypes';
import { seedDemo } from '../../../demo/seed';
import { useTestApp } from '../../../test/app';
import { describeEachDatabase } from '../../../test/database';
import { demoGrantSubjects, TestGrants } from '../../../test/fhir-grants';
import { findUsCoreDir, usCoreErrors } from '../../../test/us-core-validator';
import { fhirPatientId } from './ids';
import { hasPatientParam, searchParams } from './search-params';

const usCoreDir = findUsCoreDir();
const skipReason =
  'SKIPPED: ../shared/fixtures/us-core-6.1.0 is absent, so there is no US Core package to validate against';
if (!usCoreDir) console.warn(`fhir.validation.test.ts: ${skipReason}`);

interface Bundle {
  resourceType: 'Bundle';
  total: number;
  entry?: { fullUrl: string; resource: Resource & { id: string }; search: { mode: string } }[];
}

describe.skipIf(!usCoreDir)(
  usCoreDir ? 'US Core 6.1.0 validation' : `US Core 6.1.0 validation (${skipReason})`,
  () => {
    describeEachDatabase('the FHIR API on the demo practice', (t) => {
      const newApp = useTestApp(t);

      it('answers only resources valid against their US Core profile, alone and in search Bundles', async () => {
        await seedDemo(t.db);
        const grants = new TestGrants();
        const app = await newApp({}, undefined, { resolveFhirGrant: grants.resolve });
        const subjects = await demoGrantSubjects(t.db);
        expect(subjects.length).toBeGreaterThanOrEqual(5);
        const errors: string[] = [];
        const seenTypes = new Set<string>();
        let validated = 0;

        for (const subject of subjects) {
          const token = grants.issue(subject);
          const headers = { authorization: `Bearer ${token}` };
          for (const type of Object.keys(searchParams)) {
            const patient = hasPatientParam(type) ? `&patient=${fhirPatientId(subject.patientId)}` : '';
            const response = await app.inject({
              method: 'GET',
              url: `/fhir/r4/${type}?_revinclude=Provenance:target&_count=1000${patient}`,
              headers,
            });
            expect(
              response.statusCode,
              `${type} search of ${subject.name}: ${response.body.slice(0, 300)}`,
            ).toBe(200);
            const bundle = response.json<Bundle>();
            errors.push(...usCoreErrors(usCoreDir!, bundle as unknown as Resource));
            for (const entry of bundle.entry ?? []) {
              const resource = entry.resource;
              seenTypes.add(resource.resourceType);
              errors.push(...usCoreErrors(usCoreDir!, resource));
              validated += 1;
              if (entry.search.mode !== 'match') continue;
              const read = await app.inject({
                method: 'GET',
                url: `/fhir/r4/${type}/${resource.id}`,
                headers,
              });
              expect(read.statusCode, `${type}/${resource.id}`).toBe(200);
              const alone = read.json<Resource>();
              expect(alone, `${type}/${resource.id} read equals its search entry`).toEqual(resource);
              errors.push(...usCoreErrors(usCoreDir!, alone));
              validated += 1;
            }
          }
        }
        console.info(
          `US Core validation: ${validated} resources of ${subjects.length} demo patients, ${errors.length} errors`,
        );
        expect(errors).toEqual([]);
        // What the demo shows: every resource type the API serves has at least one resource.
        expect([...seenTypes].sort()).toEqual([...Object.keys(searchParams)].sort());
      }, 120_000);
    });
  },
);
