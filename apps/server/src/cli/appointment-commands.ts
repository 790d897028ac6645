/**
 * `dermis clinic:upsert`, `consent-profile:upsert` and `consent:list`: the clinic side of
 * appointments and consents, the same services as the integration API (PUT clinics/{id},
 * PUT consent-profiles/{id}, GET encounters/{id}/consents and patients/{id}/consents). Consents of a
 * visit go with `encounter:upsert --consent`.
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  en,
  translate,
  upsertClinicRequest,
  upsertConsentProfileRequest,
  type MessageKey,
} from '@dermis/contract';
import { and, eq } from 'drizzle-orm';
import { type Command, InvalidArgumentError } from 'commander';
import type { z } from 'zod';
import { encounter } from '../db/schema';
import { upsertClinic } from '../features/appointments/clinics.repository';
import { integrationConsents, upsertConsentProfile } from '../features/consents/consent-forms.service';
import { patientIdByExternalId } from '../lib/practice-patients';
import { CliInputError } from './commands';
import type { InvitationCliIo } from './invitation-commands';

const positiveInteger = (value: string): number => {
  if (!/^\d+$/.test(value) || Number(value) < 1)
    throw new InvalidArgumentError('must be a positive whole number');
  return Number(value);
};

function parse<S extends z.ZodType>(schema: S, input: unknown, names: Record<string, string>): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => {
    const top = String(issue.path[0] ?? '');
    const text = issue.message in en ? translate(issue.message as MessageKey) : issue.message;
    return `  ${names[top] ?? top}: ${text}`;
  });
  throw new CliInputError(`Invalid options:\n${lines.join('\n')}`);
}

interface ClinicOptions {
  practice: number;
  externalId: string;
  name: string;
  phone?: string;
  address?: string;
  address2?: string;
  city?: string;
  state?: string;
  zip?: string;
  website?: string;
}

interface ProfileOptions {
  practice: number;
  externalId: string;
  title: string;
  text?: string;
  textFile?: string;
  frequency?: string;
}

interface ListOptions {
  practice: number;
  patient?: string;
  encounter?: string;
  signatureDir?: string;
}

export function registerAppointmentCommands(
  program: Command,
  io: InvitationCliIo,
  readFile: (file: string) => string = (file) => fs.readFileSync(file, 'utf8'),
): void {
  program
    .command('clinic:upsert')
    .description('Create or update a clinic by the clinic system’s id (shown on appointments).')
    .requiredOption('--practice <id>', 'practice id', positiveInteger)
    .requiredOption('--external-id <id>', "the clinic system's clinic id")
    .requiredOption('--name <name>', 'clinic name')
    .option('--phone <phone>', 'phone (10 digits are shown as (xxx) xxx-xxxx)')
    .option('--address <line>', 'street address')
    .option('--address2 <line>', 'second address line')
    .option('--city <city>', 'city')
    .option('--state <XX>', 'two-letter state')
    .option('--zip <zip>', 'ZIP code')
    .option('--website <url>', 'http(s) address of the clinic’s site')
    .addHelpText(
      'after',
      '\nExample:\n  dermis clinic:upsert --practice 1 --external-id C-1 --name "Naples Dermatology" --website https://example.org',
    )
    .action((o: ClinicOptions) =>
      io.withDatabase(async (db) => {
        const input = parse(
          upsertClinicRequest,
          {
            name: o.name,
            phone: o.phone,
            addressLine1: o.address,
            addressLine2: o.address2,
            city: o.city,
            state: o.state,
            zipCode: o.zip,
            website: o.website,
          },
          {
            name: '--name',
            phone: '--phone',
            addressLine1: '--address',
            addressLine2: '--address2',
            city: '--city',
            state: '--state',
            zipCode: '--zip',
            website: '--website',
          },
        );
        const row = await upsertClinic(db, o.practice, o.externalId, input);
        return `Clinic ${row.id} (${row.externalId}) ${row.created ? 'created' : 'updated'}.`;
      }),
    );

  program
    .command('consent-profile:upsert')
    .description('Create or update a consent form; a changed title or text becomes a new version.')
    .requiredOption('--practice <id>', 'practice id', positiveInteger)
    .requiredOption('--external-id <id>', "the clinic system's consent form id")
    .requiredOption('--title <title>', 'title shown as "Sign Consent: {title}"')
    .option('--text <text>', 'the consent text')
    .option('--text-file <path>', 'read the consent text from a UTF-8 file')
    .option('--frequency <EVERY_VISIT|ONE_TIME>', 'how often it is signed (default EVERY_VISIT)')
    .addHelpText(
      'after',
      '\nExample:\n  dermis consent-profile:upsert --practice 1 --external-id HIPAA --title "HIPAA notice" --text-file hipaa.txt --frequency ONE_TIME',
    )
    .action((o: ProfileOptions) =>
      io.withDatabase(async (db) => {
        if ((o.text === undefined) === (o.textFile === undefined))
          throw new CliInputError('Invalid options:\n  give exactly one of --text and --text-file');
        const input = parse(
          upsertConsentProfileRequest,
          { title: o.title, text: o.text ?? readFile(o.textFile!), frequencyOfSigning: o.frequency },
          {
            title: '--title',
            text: o.text === undefined ? '--text-file' : '--text',
            frequencyOfSigning: '--frequency',
          },
        );
        const row = await upsertConsentProfile(db, o.practice, o.externalId, input);
        return `Consent profile ${row.id} (${row.externalId}) version ${row.version} ${row.created ? 'created' : 'updated'}.`;
      }),
    );

  program
    .command('consent:list')
    .description('Print the consents of a patient or an encounter as JSON, with the evidence of signed ones.')
    .requiredOption('--practice <id>', 'practice id', positiveInteger)
    .option('--patient <externalId>', 'every consent of this patient')
    .option('--encounter <externalId>', 'the consents of this encounter')
    .option('--signature-dir <dir>', 'also write each signature image as <consent id>.png into this folder')
    .addHelpText(
      'after',
      '\nExample:\n  dermis consent:list --practice 1 --patient P-100 --signature-dir ./signatures',
    )
    .action((o: ListOptions) =>
      io.withDatabase(async (db) => {
        if ((o.patient === undefined) === (o.encounter === undefined))
          throw new CliInputError('Invalid options:\n  give exactly one of --patient and --encounter');
        let where: { patientId: number } | { encounterId: number };
        if (o.patient !== undefined)
          where = { patientId: await patientIdByExternalId(db, o.practice, o.patient) };
        else {
          const [row] = await db
            .select({ id: encounter.id })
            .from(encounter)
            .where(and(eq(encounter.practiceId, o.practice), eq(encounter.externalId, o.encounter!)))
            .limit(1);
          if (!row)
            throw new CliInputError(
              `Invalid options:\n  --encounter: no encounter ${o.encounter} in this practice`,
            );
          where = { encounterId: row.id };
        }
        const answer = await integrationConsents(db, o.practice, where);
        if (o.signatureDir !== undefined) {
          fs.mkdirSync(o.signatureDir, { recursive: true });
          for (const c of answer.consents)
            if (c.evidence)
              fs.writeFileSync(
                path.join(o.signatureDir, `${c.externalId.replace(/[^\w.-]/g, '_')}.png`),
                Buffer.from(c.evidence.signaturePng, 'base64'),
              );
        }
        return JSON.stringify(answer, null, 2);
      }),
    );
}
