/**
 * CLI commands of documents and insurance: `document:add` files a document for a patient
 * (content type recognised by its bytes), `insurance:set` sends an insurance profile from a JSON file.
 * Both are idempotent by the clinic's own ids and work locally (database and blob store) or against a
 * running server (`--server … --api-key …`, the integration API).
 */
import fs from 'node:fs';
import type { UpsertDocumentRequest, UpsertInsuranceProfileRequest } from '@dermis/contract';
import {
  documentMimeTypes,
  insuranceCalls,
  integrationRoutes,
  routePath,
  upsertDocumentRequest,
  upsertInsuranceProfileRequest,
} from '@dermis/contract';
import type { Command } from 'commander';
import { InvalidArgumentError } from 'commander';
import { loadConfig } from '../config/env';
import type { Db } from '../db/database';
import { upsertDocument } from '../features/documents/documents.service';
import { upsertInsuranceProfile } from '../features/insurance/insurance.repository';
import type { BlobStore } from '../lib/blob-store/blob-store';
import { sniffContentType } from '../lib/blob-store/content-type';
import { createBlobStore } from '../lib/blob-store/create-blob-store';
import { patientIdByExternalId } from '../lib/patient-by-external-id';
import { CliInputError } from './commands';
import type { InvitationCliIo } from './invitation-commands';
import { callIntegration, remoteTarget } from './remote';

export interface FilesCliIo extends InvitationCliIo {
  /** The blob store of local mode; default: the configured one (S3_* or BLOB_DIR). */
  blobStore?: () => BlobStore;
  readFile?: (path: string) => Buffer;
}

const positiveInteger = (value: string): number => {
  if (!/^\d+$/.test(value) || Number(value) < 1)
    throw new InvalidArgumentError('must be a positive whole number');
  return Number(value);
};

interface DocumentOptions {
  practice: number;
  patient: string;
  documentId: string;
  file: string;
  name?: string;
  date?: string;
  owner?: string;
  type?: string;
}

export function documentInput(options: DocumentOptions, bytes: Buffer): UpsertDocumentRequest {
  const sniffed = sniffContentType(bytes);
  const type = options.type ?? sniffed;
  if (!type || !(documentMimeTypes as readonly string[]).includes(type))
    throw new CliInputError(
      `Invalid options:\n  --file: the content is not one of ${documentMimeTypes.join(', ')}`,
    );
  const fileName = options.file.split(/[\\/]/).pop() ?? options.file;
  const parsed = upsertDocumentRequest.safeParse({
    name: options.name ?? fileName.replace(/\.[^.]+$/, ''),
    fileName,
    mimeType: type,
    dateCreated: options.date ?? new Date().toISOString(),
    ownerFullName: options.owner ?? null,
    contentBase64: bytes.toString('base64'),
  });
  if (!parsed.success)
    throw new CliInputError(
      `Invalid options:\n${parsed.error.issues.map((i) => `  ${String(i.path[0])}: ${i.message}`).join('\n')}`,
    );
  return parsed.data;
}

export function insuranceInput(json: string): UpsertInsuranceProfileRequest {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw new CliInputError('Invalid options:\n  --file: is not JSON');
  }
  const parsed = upsertInsuranceProfileRequest.safeParse(value);
  if (!parsed.success)
    throw new CliInputError(
      `Invalid options:\n${parsed.error.issues.map((i) => `  --file ${i.path.join('.')}: ${i.message}`).join('\n')}`,
    );
  return parsed.data;
}

function print(io: InvitationCliIo, text: string): void {
  if (io.print) io.print(text);
  else console.log(text);
}

export function registerFilesCommands(program: Command, io: FilesCliIo): void {
  const readFile = (path: string) => (io.readFile ?? fs.readFileSync)(path);

  program
    .command('document:add')
    .description("File (or replace) a patient's document; its type is recognised by its content.")
    .requiredOption(
      '--practice <id>',
      'practice id (in remote mode the API key’s practice is used)',
      positiveInteger,
    )
    .requiredOption('--patient <externalId>', "the clinic system's patient id")
    .requiredOption('--document-id <id>', "the clinic system's document id (a second call replaces it)")
    .requiredOption('--file <path>', 'PDF, PNG, JPEG, GIF, TIFF, XML or plain text')
    .option('--name <name>', 'title shown to the patient (default: the file name)')
    .option('--date <date>', 'when the document was created, YYYY-MM-DD or ISO 8601 (default: now)')
    .option('--owner <name>', 'who created it, e.g. "Olivia Bennett, MD"')
    .addHelpText(
      'after',
      '\nExample:\n  dermis document:add --practice 1 --patient P-100 --document-id DOC-7 --file summary.pdf --name "Visit summary" --date 2026-03-01',
    )
    .action(async (options: DocumentOptions) => {
      const input = documentInput(options, readFile(options.file));
      const target = remoteTarget(program.opts<{ server?: string; apiKey?: string }>());
      const describe = (r: { id: number; created: boolean }) =>
        `Document ${r.id} (${options.documentId}) ${r.created ? 'created' : 'replaced'} for patient ${options.patient}: ${input.name}`;
      if (target) {
        const path = routePath(integrationRoutes.patientDocument, {
          externalId: options.patient,
          documentExternalId: options.documentId,
        });
        return print(io, describe(await callIntegration(target, 'PUT', path, input, io.fetch)));
      }
      await io.withDatabase(async (db: Db) => {
        const blobs = io.blobStore ? io.blobStore() : createBlobStore(loadConfig().blobStore);
        try {
          return describe(
            await upsertDocument({ db, blobs }, options.practice, options.patient, options.documentId, input),
          );
        } finally {
          if (!io.blobStore) await blobs.close();
        }
      });
    });

  program
    .command('insurance:set')
    .description(
      "Create or replace a patient's insurance profile and its complete set of policies from a JSON file.",
    )
    .requiredOption(
      '--practice <id>',
      'practice id (in remote mode the API key’s practice is used)',
      positiveInteger,
    )
    .requiredOption('--patient <externalId>', "the clinic system's patient id")
    .requiredOption('--profile-id <id>', "the clinic system's insurance profile id")
    .requiredOption(
      '--file <path>',
      'JSON: {"name", "active", "policies": [{"externalId", "order", "name", "insuranceCompanyName", …}]}',
    )
    .addHelpText(
      'after',
      '\nExample:\n  dermis insurance:set --practice 1 --patient P-100 --profile-id INS-1 --file insurance.json',
    )
    .action(async (options: { practice: number; patient: string; profileId: string; file: string }) => {
      const input = insuranceInput(readFile(options.file).toString('utf8'));
      const describe = (r: { id: number; created: boolean; policies: number }) =>
        `Insurance profile ${r.id} (${options.profileId}) ${r.created ? 'created' : 'updated'} for patient ${options.patient} with ${r.policies} policies`;
      const target = remoteTarget(program.opts<{ server?: string; apiKey?: string }>());
      if (target) {
        const path = routePath(insuranceCalls.upsertProfile.path, {
          externalId: options.patient,
          profileExternalId: options.profileId,
        });
        return print(io, describe(await callIntegration(target, 'PUT', path, input, io.fetch)));
      }
      await io.withDatabase(async (db: Db) => {
        const patientId = await patientIdByExternalId(db, options.practice, options.patient);
        return describe(
          await upsertInsuranceProfile(db, options.practice, patientId, options.profileId, input),
        );
      });
    });
}
