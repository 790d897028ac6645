/** The `dermis` command line: options, help and examples. Running a command is left to the caller. */
import fs from 'node:fs';
import { Command, InvalidArgumentError } from 'commander';
import type { Db } from '../db/database';
import {
  apiKeyCreate,
  clinicCreate,
  patientUpsert,
  patientUpsertInput,
  practiceCreate,
  practiceSetBranding,
  type PracticeBrandingOptions,
  practiceSetMfa,
  responsibleLink,
} from './commands';
import { registerHistoryCommands } from './history-commands';
import { registerFilesCommands } from './files-commands';
import { registerCareTeamCommands } from './care-team-commands';
import { registerPharmacyCommands } from './pharmacy-commands';
import { registerClinicalDocumentCommands } from './clinical-document-commands';
import { registerRecordCommands } from './record-commands';
import { registerFhirInviteCommands } from './fhir-invite-commands';
import { registerHealthAppCommands } from './health-app-commands';
import { registerMessagesCommands } from './messages-commands';
import { registerAppointmentCommands } from './appointment-commands';
import { patientUpsertIfRemote, registerInvitationCommands } from './invitation-commands';
import type { InvitationCliIo } from './invitation-commands';
import { registerProfileCommands } from './profile-commands';
import { registerTerminologyCommands } from './terminology-commands';
import { registerReminderCommands } from './reminder-commands';
import { registerBackupCommands } from './backup-commands';

export interface CliIo extends InvitationCliIo {
  /** Opens the database (migrated), runs `fn`, closes it. */
  withDatabase(fn: (db: Db) => Promise<string>): Promise<void>;
}

const positiveInteger = (value: string): number => {
  if (!/^\d+$/.test(value) || Number(value) < 1)
    throw new InvalidArgumentError('must be a positive whole number');
  return Number(value);
};
const trueOrFalse = (value: string): boolean => {
  if (value !== 'true' && value !== 'false') throw new InvalidArgumentError('must be true or false');
  return value === 'true';
};
const wholeNumber = (value: string): number => {
  if (!/^\d+$/.test(value)) throw new InvalidArgumentError('must be a whole number');
  return Number(value);
};

export function buildProgram(io: CliIo): Command {
  const program = new Command('dermis')
    .description(
      'Administer a Dermis installation: practices, clinics, patients, responsible persons and API keys.\n' +
        'Uses the same configuration as the server (DATABASE_URL or DATA_DIR, …) and migrates the database first.',
    )
    .showHelpAfterError()
    .addHelpText(
      'after',
      `
Examples:
  npm run dermis -- practice:create --name "Sunshine Dermatology"
  npm run dermis -- clinic:create --practice 1 --name "Naples" --city Naples --state FL
  npm run dermis -- patient:upsert --practice 1 --external-id P-100 --first-name Maria --last-name Lopez --dob 1984-03-12 --gender female --email maria@example.com
  npm run dermis -- responsible:link --practice 1 --patient P-200 --responsible P-100 --relationship 2
  npm run dermis -- apikey:create --practice 1 --label "EHR feed"`,
    );

  program
    .command('practice:create')
    .description('Create a practice and print its id and a first API key (shown once).')
    .requiredOption('--name <name>', 'practice name')
    .option('--mfa-required', 'the practice requires two-step verification', false)
    .option('--npi <npi>', "the practice's organisation NPI (10 digits), named in its C-CDA documents")
    .addHelpText('after', '\nExample:\n  dermis practice:create --name "Sunshine Dermatology" --mfa-required')
    .action((options: { name: string; mfaRequired: boolean; npi?: string }) =>
      io.withDatabase((db) => practiceCreate(db, options)),
    );

  program
    .command('practice:set-mfa')
    .description('Require (or stop requiring) two-step verification for every user of a practice.')
    .requiredOption('--practice <id>', 'practice id', positiveInteger)
    .requiredOption('--required <true|false>', 'true or false', trueOrFalse)
    .addHelpText('after', '\nExample:\n  dermis practice:set-mfa --practice 1 --required true')
    .action((options: { practice: number; required: boolean }) =>
      io.withDatabase((db) => practiceSetMfa(db, options)),
    );

  program
    .command('practice:set-branding')
    .description(
      "Set a practice's name, help phone, brand colour, logo (PNG, JPEG or SVG) and time zone; an empty value removes one.",
    )
    .requiredOption('--practice <id>', 'practice id', positiveInteger)
    .option('--name <name>', 'practice name')
    .option('--phone <phone>', 'help line shown on the sign-in page')
    .option('--color <#rrggbb>', 'brand colour (darkened if needed to reach 4.5:1 against white)')
    .option('--logo <file>', 'logo file: PNG, JPEG or SVG, at most 256 KB')
    .option(
      '--time-zone <IANA name>',
      'time zone of reminder e-mails, e.g. America/Chicago (empty: the server default REMINDER_TIME_ZONE)',
    )
    .addHelpText(
      'after',
      '\nExample:\n  dermis practice:set-branding --practice 1 --color "#b45309" --phone "(239) 555-0100" --logo sunshine.svg --time-zone America/New_York',
    )
    .action((options: PracticeBrandingOptions) =>
      io.withDatabase((db) => practiceSetBranding(db, options, (file) => fs.readFileSync(file))),
    );

  program
    .command('clinic:create')
    .description('Create a clinic (a location) of a practice.')
    .requiredOption('--practice <id>', 'practice id', positiveInteger)
    .requiredOption('--name <name>', 'clinic name')
    .option('--phone <phone>', 'phone number')
    .option('--address-line1 <line>', 'street address')
    .option('--city <city>', 'city')
    .option('--state <state>', 'two-letter state code')
    .option('--zip <zip>', 'ZIP code')
    .addHelpText(
      'after',
      '\nExample:\n  dermis clinic:create --practice 1 --name "Sunshine Dermatology – Naples" --city Naples --state FL --zip 34102',
    )
    .action((options: Parameters<typeof clinicCreate>[1]) =>
      io.withDatabase((db) => clinicCreate(db, options)),
    );

  program
    .command('patient:upsert')
    .description(
      'Create a patient, or update the one with this external id. Contacts are replaced by --email/--phone.',
    )
    .requiredOption('--practice <id>', 'practice id', positiveInteger)
    .requiredOption('--external-id <id>', "the clinic system's patient id")
    .requiredOption('--first-name <name>', 'first name')
    .requiredOption('--last-name <name>', 'last name')
    .requiredOption('--dob <YYYY-MM-DD>', 'date of birth')
    .option('--gender <gender>', 'male, female, unknown, other or undifferentiated', 'unknown')
    .option('--birth-sex <F|M|UNK>', 'sex assigned at birth: F, M or UNK (unknown); left out, unchanged')
    .option('--email <address>', 'e-mail address')
    .option('--phone <number>', 'home phone number')
    .addHelpText(
      'after',
      '\nExample:\n  dermis patient:upsert --practice 1 --external-id P-100 --first-name Maria --last-name Lopez --dob 1984-03-12 --gender female --birth-sex F',
    )
    .action(async (options: Parameters<typeof patientUpsert>[1]) => {
      // Remote mode (--server/--api-key) calls the integration API instead of the database.
      if (await patientUpsertIfRemote(program, io, patientUpsertInput(options))) return;
      await io.withDatabase((db) => patientUpsert(db, options));
    });

  program
    .command('responsible:link')
    .description('Make one patient the responsible person (guardian, proxy) of another, or update that link.')
    .requiredOption('--practice <id>', 'practice id', positiveInteger)
    .requiredOption('--patient <externalId>', 'external id of the patient cared for')
    .requiredOption('--responsible <externalId>', 'external id of the responsible person')
    .requiredOption('--relationship <code>', 'relationship code (2 = Father)', wholeNumber)
    .option('--inactive', 'record the link as inactive (revokes access)', false)
    .addHelpText(
      'after',
      '\nExample:\n  dermis responsible:link --practice 1 --patient P-200 --responsible P-100 --relationship 2',
    )
    .action((options: Parameters<typeof responsibleLink>[1]) =>
      io.withDatabase((db) => responsibleLink(db, options)),
    );

  program
    .command('apikey:create')
    .description('Create another API key for a practice (shown once).')
    .requiredOption('--practice <id>', 'practice id', positiveInteger)
    .option('--label <label>', 'what the key is for')
    .addHelpText('after', '\nExample:\n  dermis apikey:create --practice 1 --label "EHR feed"')
    .action((options: { practice: number; label?: string }) =>
      io.withDatabase((db) => apiKeyCreate(db, options)),
    );

  registerInvitationCommands(program, io);
  registerTerminologyCommands(program, io);
  registerHistoryCommands(program, io, (path) => fs.readFileSync(path, 'utf8'));
  registerProfileCommands(program, io);
  registerFilesCommands(program, io);
  registerCareTeamCommands(program, io);
  registerPharmacyCommands(program, io);
  registerClinicalDocumentCommands(program, io);
  registerRecordCommands(program, io);
  registerFhirInviteCommands(program, io);
  registerHealthAppCommands(program, io);
  registerReminderCommands(program, io);
  registerMessagesCommands(program, io);
  registerAppointmentCommands(program, io);
  registerBackupCommands(program, (text) => (io.print ?? console.log)(text));
  return program;
}
