/**
 * The CLI commands of the clinical feed: encounter:upsert, prescription:upsert, monograph:upsert,
 * history:upsert and history:delete. Local mode calls the same services as the integration API;
 * remote mode (--server/--api-key) calls the integration API itself (upserts only).
 */
import fs from 'node:fs';
import {
  en,
  historySection,
  appointmentsCalls,
  healthProfileCalls,
  prescriptionsCalls,
  routePath,
  translate,
  upsertEncounterRequest,
  upsertHistoryItemRequest,
  upsertMonographRequest,
  upsertPrescriptionRequest,
  type MessageKey,
} from '@dermis/contract';
import { and, eq } from 'drizzle-orm';
import { type Command, InvalidArgumentError } from 'commander';
import type { z } from 'zod';
import type { Db } from '../db/database';
import { clinic } from '../db/schema';
import { visitConsents } from '../compose/visit-consents';
import { upsertEncounter } from '../features/appointments/appointments.service';
import {
  providerAvatarType,
  storeProviderAvatars,
  type ProviderAvatar,
} from '../features/appointments/provider-avatar';
import { deleteHistoryItem, upsertHistoryItem } from '../features/health-profile/history-integration.service';
import { upsertMonograph, upsertPrescription } from '../features/prescriptions/prescriptions.repository';
import { patientIdByExternalId } from '../lib/practice-patients';
import { loadConfig } from '../config/env';
import { createBlobStore } from '../lib/blob-store/create-blob-store';
import { CliInputError } from './commands';
import type { FilesCliIo } from './files-commands';
import type { InvitationCliIo } from './invitation-commands';
import { callIntegration, remoteTarget } from './remote';

type Upserted = { id: number; externalId: string; created: boolean };

function parse<S extends z.ZodType>(schema: S, input: unknown, options: Record<string, string>): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => {
    const field = issue.path.map(String).join('.');
    const top = String(issue.path[0] ?? '');
    const text = issue.message in en ? translate(issue.message as MessageKey) : issue.message;
    return `  ${options[top] ?? field}: ${text}`;
  });
  throw new CliInputError(`Invalid options:\n${lines.join('\n')}`);
}

const positiveInteger = (value: string): number => {
  if (!/^\d+$/.test(value) || Number(value) < 1)
    throw new InvalidArgumentError('must be a positive whole number');
  return Number(value);
};
const collect = (value: string, previous: string[] = []) => [...previous, value];

/** --provider EXTERNAL_ID:First:Last[:Title] */
function providerOption(value: string) {
  const [externalId, firstName, lastName, title] = value.split(':');
  if (!externalId || !firstName || !lastName)
    throw new CliInputError(
      'Invalid options:\n  --provider: use EXTERNAL_ID:First:Last[:Title], e.g. DR-1:Ana:Silva:MD',
    );
  return { externalId, firstName, lastName, title: title ?? null };
}

export interface EncounterUpsertOptions {
  practice: number;
  externalId: string;
  patient: string;
  date: string;
  duration?: string;
  clinic?: string;
  provider?: string[];
  educationText?: string;
  educationNote?: string;
  historyFinished?: boolean;
  clinicExternalId?: string;
  consent?: string[];
  providerPhoto?: string[];
}

/** --consent EXTERNAL_ID:PROFILE_EXTERNAL_ID[:IGNORED] */
function consentOption(value: string) {
  const [externalId, consentProfileExternalId, status] = value.split(':');
  if (
    !externalId ||
    !consentProfileExternalId ||
    (status !== undefined && status !== 'IGNORED' && status !== 'PENDING')
  )
    throw new CliInputError(
      'Invalid options:\n  --consent: use EXTERNAL_ID:CONSENT_PROFILE_ID[:IGNORED], e.g. K-1:HIPAA',
    );
  return { externalId, consentProfileExternalId, status: status ?? 'PENDING' };
}

/**
 * --provider-photo EXTERNAL_ID:FILE (FILE empty: remove the photo). Checked by content like the
 * integration API (PNG or JPEG, at most 5 MB) before anything is sent or stored.
 */
function providerPhotos(
  options: EncounterUpsertOptions,
  readPhoto: (path: string) => Buffer,
): Map<string, string | null> {
  const photos = new Map<string, string | null>();
  const providerIds = new Set((options.provider ?? []).map((p) => p.split(':')[0]));
  for (const value of options.providerPhoto ?? []) {
    const colon = value.indexOf(':');
    const externalId = colon > 0 ? value.slice(0, colon) : '';
    const file = value.slice(colon + 1);
    if (!providerIds.has(externalId))
      throw new CliInputError(
        'Invalid options:\n  --provider-photo: use EXTERNAL_ID:FILE with the id of a --provider, e.g. DR-1:silva.jpg',
      );
    if (file === '') {
      photos.set(externalId, null);
      continue;
    }
    let bytes: Buffer;
    try {
      bytes = readPhoto(file);
    } catch {
      throw new CliInputError(`Invalid options:\n  --provider-photo: cannot read ${file}`);
    }
    if (!providerAvatarType(bytes))
      throw new CliInputError(
        `Invalid options:\n  --provider-photo: ${translate('integration.error.providerAvatar')}`,
      );
    photos.set(externalId, bytes.toString('base64'));
  }
  return photos;
}

export function encounterInput(
  options: EncounterUpsertOptions,
  readPhoto: (path: string) => Buffer = (path) => fs.readFileSync(path),
) {
  const photos = providerPhotos(options, readPhoto);
  return parse(
    upsertEncounterRequest,
    {
      patientExternalId: options.patient,
      dateOfService: options.date,
      durationMinutes: options.duration === undefined ? undefined : Number(options.duration),
      clinicId: options.clinic === undefined ? null : Number(options.clinic),
      providers: (options.provider ?? [])
        .map(providerOption)
        .map((p) => (photos.has(p.externalId) ? { ...p, avatarBase64: photos.get(p.externalId) } : p)),
      educationText: options.educationText ?? null,
      educationNote: options.educationNote ?? null,
      historyFinished: options.historyFinished ?? false,
      clinicExternalId: options.clinicExternalId ?? null,
      ...(options.consent ? { consents: options.consent.map(consentOption) } : {}),
    },
    {
      clinicExternalId: '--clinic-external-id',
      consents: '--consent',
      patientExternalId: '--patient',
      dateOfService: '--date',
      durationMinutes: '--duration',
      clinicId: '--clinic',
      providers: '--provider',
      educationText: '--education-text',
      educationNote: '--education-note',
    },
  );
}

export async function encounterUpsert(
  db: Db,
  options: EncounterUpsertOptions,
  io: Pick<FilesCliIo, 'blobStore' | 'readFile'> = {},
): Promise<string> {
  const input = encounterInput(options, io.readFile);
  const patientId = await patientIdByExternalId(db, options.practice, input.patientExternalId);
  if (input.clinicExternalId !== null) {
    const [own] = await db
      .select({ id: clinic.id })
      .from(clinic)
      .where(and(eq(clinic.externalId, input.clinicExternalId), eq(clinic.practiceId, options.practice)))
      .limit(1);
    if (!own)
      throw new CliInputError(
        `Invalid options:\n  --clinic-external-id: no clinic ${input.clinicExternalId} in this practice`,
      );
    input.clinicId = own.id;
  } else if (input.clinicId !== null) {
    const [own] = await db
      .select({ id: clinic.id })
      .from(clinic)
      .where(and(eq(clinic.id, input.clinicId), eq(clinic.practiceId, options.practice)))
      .limit(1);
    if (!own)
      throw new CliInputError(`Invalid options:\n  --clinic: no clinic ${input.clinicId} in this practice`);
  }
  // The blob store is opened only when a photo is to be stored.
  const withPhotos = input.providers.some((p) => p.avatarBase64 !== undefined);
  const blobs = withPhotos ? (io.blobStore?.() ?? createBlobStore(loadConfig().blobStore)) : null;
  try {
    const avatars = blobs
      ? await storeProviderAvatars(blobs, input.providers)
      : new Map<string, ProviderAvatar | null>();
    return describe(
      'Encounter',
      await upsertEncounter(
        db,
        visitConsents,
        options.practice,
        patientId,
        options.externalId,
        input,
        avatars,
      ),
    );
  } finally {
    if (blobs && !io.blobStore) await blobs.close();
  }
}

export interface PrescriptionUpsertOptions {
  practice: number;
  externalId: string;
  patient: string;
  fdbId: string;
  description: string;
  drugType?: string;
  status?: string;
  sig?: string;
  written?: string;
  inactiveDate?: string;
  prescriber?: string;
}

export function prescriptionInput(options: PrescriptionUpsertOptions) {
  return parse(
    upsertPrescriptionRequest,
    {
      patientExternalId: options.patient,
      fdbId: options.fdbId,
      fdbDescription: options.description,
      fdbDrugType: options.drugType,
      status: options.status?.toUpperCase(),
      sig: options.sig ?? null,
      dateWritten: options.written ?? null,
      dateInactive: options.inactiveDate ?? null,
      prescriberName: options.prescriber ?? null,
    },
    {
      patientExternalId: '--patient',
      fdbId: '--fdb-id',
      fdbDescription: '--description',
      fdbDrugType: '--drug-type',
      status: '--status',
      sig: '--sig',
      dateWritten: '--written',
      dateInactive: '--inactive-date',
      prescriberName: '--prescriber',
    },
  );
}

export async function prescriptionUpsert(db: Db, options: PrescriptionUpsertOptions): Promise<string> {
  const input = prescriptionInput(options);
  const patientId = await patientIdByExternalId(db, options.practice, input.patientExternalId);
  return describe(
    'Prescription',
    await upsertPrescription(db, options.practice, patientId, options.externalId, input),
  );
}

export interface MonographUpsertOptions {
  practice: number;
  fdbId: string;
  drugType?: string;
  title: string;
  text?: string;
  file?: string;
}

export function monographInput(options: MonographUpsertOptions, readFile: (path: string) => string) {
  return parse(
    upsertMonographRequest,
    {
      fdbId: options.fdbId,
      fdbDrugType: options.drugType,
      title: options.title,
      monograph: options.file !== undefined ? readFile(options.file) : options.text,
    },
    { fdbId: '--fdb-id', fdbDrugType: '--drug-type', title: '--title', monograph: '--text/--file' },
  );
}

export interface HistoryUpsertOptions {
  practice: number;
  externalId: string;
  patient: string;
  section: string;
  code: string;
  name?: string;
  special?: string;
  customValue?: string;
  status?: string;
  detail?: string[];
  discontinued?: string;
}

export function historyInput(options: HistoryUpsertOptions) {
  return parse(
    upsertHistoryItemRequest,
    {
      patientExternalId: options.patient,
      sectionId: options.section.toUpperCase().replace(/-/g, '_'),
      specialType: options.special ? options.special.toUpperCase() : null,
      code: options.code,
      // Fixed codes (options, negatives) take the product's own text; a name is still required.
      name: options.name ?? options.code,
      customValue: options.customValue ?? null,
      status: options.status?.toUpperCase(),
      details: options.detail ?? [],
      active: options.discontinued === undefined,
      discontinuationReason: options.discontinued ?? null,
    },
    {
      patientExternalId: '--patient',
      sectionId: '--section',
      specialType: '--special',
      code: '--code',
      name: '--name',
      customValue: '--custom-value',
      status: '--status',
      details: '--detail',
      discontinuationReason: '--discontinued',
    },
  );
}

function describe(kind: string, result: Upserted): string {
  return `${kind} ${result.id} (${result.externalId}) ${result.created ? 'created' : 'updated'}`;
}

function print(io: InvitationCliIo, text: string): void {
  if (io.print) io.print(text);
  else console.log(text);
}

export function registerHistoryCommands(
  program: Command,
  io: FilesCliIo,
  readFile: (path: string) => string,
): void {
  /** Runs the remote call when --server/--api-key are given, else the local command. */
  const run = async (
    remote: { path: string; body: () => unknown; done: (answer: never) => string },
    local: (db: Db) => Promise<string>,
  ) => {
    const target = remoteTarget(program.opts<{ server?: string; apiKey?: string }>());
    if (!target) return io.withDatabase(local);
    const answer = await callIntegration<never>(target, 'PUT', remote.path, remote.body(), io.fetch);
    print(io, remote.done(answer));
  };

  program
    .command('encounter:upsert')
    .description('Create or update an encounter (visit) by the clinic’s id, with its providers.')
    .requiredOption('--practice <id>', 'practice id', positiveInteger)
    .requiredOption('--external-id <id>', "the clinic system's encounter id")
    .requiredOption('--patient <externalId>', 'external id of the patient')
    .requiredOption('--date <ISO date-time>', 'date of service, e.g. 2030-05-01T14:30:00Z')
    .option('--duration <minutes>', 'length of the visit in minutes (default 30)')
    .option('--clinic <id>', 'clinic id (from clinic:create)')
    .option('--provider <EXT:First:Last[:Title]>', 'a PROVIDER of the visit (repeatable)', collect)
    .option('--education-text <text>', 'patient education text of the visit')
    .option('--education-note <text>', 'note to the education text')
    .option('--history-finished', 'the screening of this visit is already done', false)
    .option('--clinic-external-id <id>', "the clinic by the clinic system's id (from clinic:upsert)")
    .option(
      '--consent <EXT:PROFILE[:IGNORED]>',
      'a consent of the visit by its id and its consent profile id (repeatable; replaces unsigned ones)',
      collect,
    )
    .option(
      '--provider-photo <EXT:FILE>',
      "a --provider's photo, PNG or JPEG of at most 5 MB (repeatable; EXT: with no file removes it)",
      collect,
    )
    .addHelpText(
      'after',
      '\nExample:\n  dermis encounter:upsert --practice 1 --external-id V-1 --patient P-100 --date 2030-05-01T14:30:00Z --provider DR-1:Ana:Silva:MD --provider-photo DR-1:silva.jpg',
    )
    .action((options: EncounterUpsertOptions) =>
      run(
        {
          path: routePath(appointmentsCalls.upsert.path, { externalId: options.externalId }),
          body: () => encounterInput(options, io.readFile),
          done: (answer: Upserted) => describe('Encounter', answer),
        },
        (db) => encounterUpsert(db, options, io),
      ),
    );

  program
    .command('prescription:upsert')
    .description('Create or update a prescription by the clinic’s id.')
    .requiredOption('--practice <id>', 'practice id', positiveInteger)
    .requiredOption('--external-id <id>', "the clinic system's prescription id")
    .requiredOption('--patient <externalId>', 'external id of the patient')
    .requiredOption('--fdb-id <id>', 'drug id (e.g. RxNorm RXCUI)')
    .requiredOption('--description <text>', 'drug description')
    .option('--drug-type <type>', 'concept type, e.g. SCD')
    .option('--status <status>', 'active or inactive', 'active')
    .option('--sig <text>', 'directions')
    .option('--written <YYYY-MM-DD>', 'date written')
    .option('--inactive-date <YYYY-MM-DD>', 'date it ended')
    .option('--prescriber <name>', 'prescriber name')
    .addHelpText(
      'after',
      '\nExample:\n  dermis prescription:upsert --practice 1 --external-id RX-1 --patient P-100 --fdb-id 1649988 --drug-type SCD --description "Tretinoin 0.025 % Topical Cream"',
    )
    .action((options: PrescriptionUpsertOptions) =>
      run(
        {
          path: routePath(prescriptionsCalls.upsert.path, { externalId: options.externalId }),
          body: () => prescriptionInput(options),
          done: (answer: Upserted) => describe('Prescription', answer),
        },
        (db) => prescriptionUpsert(db, options),
      ),
    );

  program
    .command('monograph:upsert')
    .description('Create or update the patient education monograph of a drug (text or a text file).')
    .requiredOption('--practice <id>', 'practice id', positiveInteger)
    .requiredOption('--fdb-id <id>', 'drug id (as in prescriptions)')
    .option('--drug-type <type>', 'concept type (empty: any type of that drug)')
    .requiredOption('--title <text>', 'title')
    .option('--text <text>', 'the monograph text')
    .option('--file <path>', 'a UTF-8 text file with the monograph')
    .addHelpText(
      'after',
      '\nExample:\n  dermis monograph:upsert --practice 1 --fdb-id 1649988 --drug-type SCD --title "Tretinoin cream" --file tretinoin.txt',
    )
    .action((options: MonographUpsertOptions) =>
      run(
        {
          path: prescriptionsCalls.upsertMonograph.path,
          body: () => monographInput(options, readFile),
          done: (answer: { created: boolean }) =>
            `Monograph of ${options.fdbId} ${answer.created ? 'created' : 'updated'}`,
        },
        async (db) => {
          const result = await upsertMonograph(db, options.practice, monographInput(options, readFile));
          return `Monograph of ${result.fdbId} ${result.created ? 'created' : 'updated'}`;
        },
      ),
    );

  program
    .command('history:upsert')
    .description(
      `Create or update a history item by the clinic’s id. Sections: ${historySection.options.join(', ')}.`,
    )
    .requiredOption('--practice <id>', 'practice id', positiveInteger)
    .requiredOption('--external-id <id>', "the clinic system's item id")
    .requiredOption('--patient <externalId>', 'external id of the patient')
    .requiredOption('--section <section>', 'e.g. ALLERGIES, MEDICATIONS, SMOKING')
    .requiredOption('--code <code>', 'concept, drug or allergen code, social-history option or negative code')
    .option('--name <text>', 'the name (lists); fixed codes use their own text')
    .option('--special <type>', 'denies or unknown (negative answers)')
    .option('--custom-value <text>', 'concept type (allergen typeInt, drug conceptType)')
    .option('--status <status>', 'KNOWN_PRESENT, KNOWN_ABSENT, MEDICATION_COMMENCED or PERFORMED')
    .option(
      '--detail <code>',
      'a reaction (allergies) or relative (family history) code (repeatable)',
      collect,
    )
    .option('--discontinued <reasonCode>', 'medications: discontinued, with this reason code')
    .addHelpText(
      'after',
      '\nExample:\n  dermis history:upsert --practice 1 --external-id AL-1 --patient P-100 --section ALLERGIES --code 7980 --name Penicillin --detail 247472004',
    )
    .action((options: HistoryUpsertOptions) =>
      run(
        {
          path: routePath(healthProfileCalls.upsertItem.path, { externalId: options.externalId }),
          body: () => historyInput(options),
          done: (answer: Upserted) => describe('History item', answer),
        },
        async (db) =>
          describe(
            'History item',
            await upsertHistoryItem(db, options.practice, options.externalId, historyInput(options)),
          ),
      ),
    );

  program
    .command('history:delete')
    .description('Remove a history item the clinic recorded (local mode).')
    .requiredOption('--practice <id>', 'practice id', positiveInteger)
    .requiredOption('--external-id <id>', "the clinic system's item id")
    .action((options: { practice: number; externalId: string }) =>
      io.withDatabase(async (db) => {
        const deleted = await deleteHistoryItem(db, options.practice, options.externalId);
        if (!deleted)
          throw new CliInputError(`No history item ${options.externalId} in practice ${options.practice}`);
        return `History item ${options.externalId} deleted`;
      }),
    );
}
