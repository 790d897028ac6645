/**
 * The CapabilityStatement against US Core 6.1.0's server CapabilityStatement: for every resource type
 * Dermis holds, each interaction, search parameter, parameter combination and _revinclude US Core
 * marks SHALL is offered (the routes' own tests prove they work). Writes are the one exception: this
 * API is read-only, so DocumentReference's and DiagnosticReport's SHALL `create` (apps writing notes
 * and reports) are not offered.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findUsCoreDir } from '../../../test/us-core-validator';
import { capabilityStatement } from './capability-statement';
import { searchParams } from './search-params';

const usCoreDir = findUsCoreDir();
const skipReason =
  'SKIPPED: ../shared/fixtures/us-core-6.1.0 is absent, so there is no US Core CapabilityStatement to compare with';
if (!usCoreDir) console.warn(`capability-statement.test.ts: ${skipReason}`);

interface Extension {
  url: string;
  valueCode?: string;
  valueString?: string;
  extension?: Extension[];
}
interface CsResource {
  type: string;
  extension?: Extension[];
  interaction?: { code: string; extension?: Extension[] }[];
  searchParam?: { name: string; definition?: string; extension?: Extension[] }[];
  searchRevInclude?: string[];
  supportedProfile?: string[];
}

const shall = (e: { extension?: Extension[] }) =>
  e.extension?.some((x) => x.url.endsWith('capabilitystatement-expectation') && x.valueCode === 'SHALL') ??
  false;

/** Writes the API does not offer, on purpose (read-only): apps writing notes and reports. */
const notOffered = new Set(['DocumentReference create', 'DiagnosticReport create']);

describe.skipIf(!usCoreDir)(
  usCoreDir ? 'the CapabilityStatement' : `the CapabilityStatement (${skipReason})`,
  () => {
    it('offers what US Core 6.1.0 marks SHALL for every resource type Dermis holds', () => {
      const usCore = JSON.parse(
        fs.readFileSync(path.join(usCoreDir!, 'CapabilityStatement-us-core-server.json'), 'utf8'),
      ) as { rest: { resource: CsResource[] }[] };
      const ours = capabilityStatement('https://portal.example.org/fhir/r4', 'https://portal.example.org', {
        version: 'test',
      }) as unknown as { rest: { resource: CsResource[] }[] };
      const offered = new Map(ours.rest[0]!.resource.map((r) => [r.type, r]));
      const missing: string[] = [];
      const held = Object.keys(searchParams);

      for (const required of usCore.rest[0]!.resource.filter((r) => held.includes(r.type))) {
        const mine = offered.get(required.type)!;
        for (const interaction of (required.interaction ?? []).filter(shall)) {
          const label = `${required.type} ${interaction.code}`;
          if (!mine.interaction?.some((i) => i.code === interaction.code) && !notOffered.has(label))
            missing.push(label);
        }
        const params = new Set(mine.searchParam?.map((p) => p.name));
        const definitions = new Map(mine.searchParam?.map((p) => [p.name, p.definition]));
        for (const param of required.searchParam ?? []) {
          if (shall(param) && !params.has(param.name)) missing.push(`${required.type} search ${param.name}`);
          // A parameter offered points at the same definition as US Core's.
          if (params.has(param.name))
            expect(definitions.get(param.name), `${required.type} ${param.name}`).toBe(param.definition);
        }
        for (const combination of (required.extension ?? []).filter(
          (e) => e.url.endsWith('capabilitystatement-search-parameter-combination') && shall(e),
        )) {
          for (const part of combination.extension ?? [])
            if (part.url === 'required' && !params.has(part.valueString!))
              missing.push(`${required.type} search ${part.valueString} (in a SHALL combination)`);
        }
        for (const revInclude of required.searchRevInclude ?? [])
          if (revInclude === 'Provenance:target' && !mine.searchRevInclude?.includes(revInclude))
            missing.push(`${required.type} _revinclude ${revInclude}`);
        for (const profile of mine.supportedProfile ?? [])
          expect(required.supportedProfile, `${required.type} claims a profile US Core lists`).toContain(
            profile,
          );
      }
      expect(missing).toEqual([]);
      // Every US Core type Dermis holds is in the statement, plus Binary for document content.
      expect([...offered.keys()].sort()).toEqual([...held, 'Binary'].sort());
    });
  },
);
