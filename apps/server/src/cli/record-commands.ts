/**
 * `dermis record:put` and `dermis record:release-delay`: clinic staff feed the clinical record
 * (decision 220) from a JSON file, one entry at a time, idempotent by the clinic's external id, and
 * set a result category's release delay (decision 221). The JSON is the integration API's body of
 * the kind, checked by the same schema. Local mode writes the database (a result's notice e-mail is
 * then sent by the server's result-notices pass); remote mode (--server/--api-key) calls the API.
 */
import fs from 'node:fs';
import { clinicalRecordCalls, routePath, type ClinicalUpsertResponse } from '@dermis/contract';
import { type Command, InvalidArgumentError } from 'commander';
import type { z } from 'zod';
import type { Db } from '../db/database';
import {
  setReleaseDelay,
  upsertCareGoal,
  upsertCarePlanItem,
  upsertClinicalNote,
  upsertHealthConcern,
  upsertHealthStatus,
  upsertImmunization,
  upsertResult,
  upsertVitalSigns,
  type Upserted,
} from '../features/health-information/clinical-record/clinical-record.service';
import { HttpError } from '../lib/http-error';
import { CliInputError } from './commands';
import type { InvitationCliIo } from './invitation-commands';
import { callIntegration, remoteTarget } from './remote';

const positiveInteger = (value: string): number => {
  if (!/^\d+$/.test(value) || Number(value) < 1)
    throw new InvalidArgumentError('must be a positive whole number');
  return Number(value);
};

type Local = (db: Db, practiceId: number, externalId: string, body: never) => Promise<Upserted>;
const kinds: Record<string, { call: { path: string; body: z.ZodType }; local: Local }> = {
  result: { call: clinicalRecordCalls.upsertResult, local: upsertResult },
  'vital-signs': { call: clinicalRecordCalls.upsertVitalSigns, local: upsertVitalSigns },
  immunization: { call: clinicalRecordCalls.upsertImmunization, local: upsertImmunization },
  'clinical-note': {
    call: clinicalRecordCalls.upsertClinicalNote,
    // Without the server's blob store, a local note is text only (a PDF note goes through --server).
    local: (db, practiceId, externalId, body: { pdf: unknown }) => {
      if (body.pdf)
        throw new CliInputError('A PDF note needs --server and --api-key (the server keeps the file).');
      return upsertClinicalNote({ db }, practiceId, externalId, body as never);
    },
  },
  'care-plan-item': { call: clinicalRecordCalls.upsertCarePlanItem, local: upsertCarePlanItem },
  'care-goal': { call: clinicalRecordCalls.upsertCareGoal, local: upsertCareGoal },
  'health-concern': { call: clinicalRecordCalls.upsertHealthConcern, local: upsertHealthConcern },
  'health-status': { call: clinicalRecordCalls.upsertHealthStatus, local: upsertHealthStatus },
};

const describe = (kind: string, r: ClinicalUpsertResponse) =>
  `${kind} ${r.externalId} ${r.created ? 'created' : 'updated'} (id ${r.id})`;

const invalid = (issues: { path: PropertyKey[]; message: string }[]) =>
  new CliInputError(
    `Invalid entry:\n${issues.map((i) => `  ${i.path.map(String).join('.') || '(file)'}: ${i.message}`).join('\n')}`,
  );

export function registerRecordCommands(
  program: Command,
  io: InvitationCliIo,
  readFile: (path: string) => string = (path) => fs.readFileSync(path, 'utf8'),
): void {
  program
    .command('record:put')
    .description(
      `Create or update an entry of a patient's clinical record from a JSON file (the integration API's body). Kinds: ${Object.keys(kinds).join(', ')}.`,
    )
    .argument('<kind>', Object.keys(kinds).join(' | '))
    .argument('<externalId>', "the clinic system's id of the entry")
    .requiredOption('--file <path>', 'the JSON body, e.g. {"patientExternalId": "P-1", "category": "lab", …}')
    .option(
      '--practice <id>',
      'practice id (local mode; in remote mode the API key’s practice)',
      positiveInteger,
    )
    .addHelpText('after', '\nExample:\n  dermis record:put result LAB-2041 --practice 1 --file alt.json')
    .action(async (kind: string, externalId: string, options: { file: string; practice?: number }) => {
      const entry = kinds[kind];
      if (!entry)
        throw new CliInputError(`Unknown kind "${kind}". Use one of: ${Object.keys(kinds).join(', ')}.`);
      let json: unknown;
      try {
        json = JSON.parse(readFile(options.file));
      } catch {
        throw new CliInputError(`--file: ${options.file} is not readable JSON.`);
      }
      const parsed = entry.call.body.safeParse(json);
      if (!parsed.success) throw invalid(parsed.error.issues);
      const target = remoteTarget(program.opts<{ server?: string; apiKey?: string }>());
      if (target) {
        const path = routePath(entry.call.path, { externalId });
        const answer = await callIntegration<ClinicalUpsertResponse>(target, 'PUT', path, json, io.fetch);
        (io.print ?? console.log)(describe(kind, answer));
        return;
      }
      if (!options.practice) throw new CliInputError('--practice is required without --server.');
      const practiceId = options.practice;
      await io.withDatabase(async (db) => {
        try {
          return describe(kind, await entry.local(db, practiceId, externalId, parsed.data as never));
        } catch (error) {
          if (error instanceof HttpError)
            throw new CliInputError(
              error.validationMessages?.map((m) => `${m.field}: ${m.description}`).join('\n') ??
                error.message,
            );
          throw error;
        }
      });
    });

  program
    .command('record:release-delay')
    .description('Set how many hours after receipt patients see a result of a category (lab, pathology).')
    .argument('<category>', 'lab | pathology')
    .argument('<hours>', '0 (at once, the default) to 8760')
    .option('--practice <id>', 'practice id (local mode)', positiveInteger)
    .action(async (category: string, hours: string, options: { practice?: number }) => {
      const params = clinicalRecordCalls.setReleaseDelay.params.safeParse({ category });
      const body = clinicalRecordCalls.setReleaseDelay.body.safeParse({ delayHours: Number(hours) });
      if (!params.success) throw new CliInputError('category: use lab or pathology.');
      if (!/^\d+$/.test(hours) || !body.success)
        throw new CliInputError('hours: a whole number from 0 to 8760.');
      const target = remoteTarget(program.opts<{ server?: string; apiKey?: string }>());
      const done = `Results of category ${category} are shown ${body.data.delayHours} hours after they arrive.`;
      if (target) {
        await callIntegration(
          target,
          'PUT',
          routePath(clinicalRecordCalls.setReleaseDelay.path, { category }),
          body.data,
          io.fetch,
        );
        (io.print ?? console.log)(done);
        return;
      }
      if (!options.practice) throw new CliInputError('--practice is required without --server.');
      const practiceId = options.practice;
      await io.withDatabase(async (db) => {
        await setReleaseDelay(db, practiceId, params.data.category, body.data.delayHours);
        return done;
      });
    });
}
