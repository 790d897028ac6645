/**
 * `dermis messages:send` and `dermis messages:clinic-inbox`: clinic staff write a secure
 * message to a patient (the same service as the integration API's
 * `patients/{externalId}/direct-messages`, with the 'You have a new message' e-mail, unsubscribe
 * type 4 honoured) and read the messages to the practice's Direct address (patients', and mail from outside).
 */
import fs from 'node:fs';
import path from 'node:path';
import { en, integrationSendMessageRequest, translate } from '@dermis/contract';
import { type Command, InvalidArgumentError } from 'commander';
import { loadConfig } from '../config/env';
import { sendPracticeMessage } from '../features/messages/messages.integration';
import { clinicInbox } from '../features/messages/messages.repository';
import { createBlobStore } from '../lib/blob-store/create-blob-store';
import type { BlobStore } from '../lib/blob-store/blob-store';
import { HttpError } from '../lib/http-error';
import { CliInputError } from './commands';
import type { InvitationCliIo } from './invitation-commands';

export interface MessagesCliIo extends InvitationCliIo {
  /** The blob store of local mode; default: the configured one (S3_* or BLOB_DIR). */
  blobStore?: () => BlobStore;
  readFile?: (file: string) => Buffer;
}

const positiveInteger = (value: string): number => {
  if (!/^\d+$/.test(value) || Number(value) < 1)
    throw new InvalidArgumentError('must be a positive whole number');
  return Number(value);
};
const wholeNumber = (value: string): number => {
  if (!/^\d+$/.test(value)) throw new InvalidArgumentError('must be a whole number');
  return Number(value);
};
const collect = (value: string, previous: string[] = []) => [...previous, value];

interface SendOptions {
  practice: number;
  patient: string;
  subject: string;
  body: string;
  from: string;
  attach?: string[];
}

export function registerMessagesCommands(program: Command, io: MessagesCliIo): void {
  program
    .command('messages:send')
    .description(
      "Send a secure message from the practice to a patient's inbox; the patient gets a 'You have a new message' e-mail unless unsubscribed.",
    )
    .requiredOption('--practice <id>', 'practice id', positiveInteger)
    .requiredOption('--patient <externalId>', 'external id of the patient')
    .requiredOption('--subject <text>', 'subject')
    .requiredOption('--body <text>', 'the message (plain text)')
    .requiredOption('--from <name>', "sender's name shown to the patient, e.g. 'Dr. Olivia Bennett'")
    .option(
      '--attach <file>',
      'a file to attach (repeatable; pdf, png, jpg, txt, …; at most 3.5 MB)',
      collect,
    )
    .addHelpText(
      'after',
      "\nExample:\n  dermis messages:send --practice 1 --patient P-100 --subject 'Your results' --body 'See the attached report.' --from 'Dr. Olivia Bennett' --attach report.pdf",
    )
    .action(async (options: SendOptions) => {
      const readFile = io.readFile ?? ((file: string) => fs.readFileSync(file));
      const parsed = integrationSendMessageRequest.safeParse({
        subject: options.subject,
        content: options.body,
        fromName: options.from,
        attachments: (options.attach ?? []).map((file) => ({
          name: path.basename(file),
          contentBase64: readFile(file).toString('base64'),
        })),
      });
      if (!parsed.success)
        throw new CliInputError(
          parsed.error.issues.map((i) => `${i.path.join('.')}: ${describe(i.message)}`).join('; '),
        );
      if (!io.withServices) throw new Error('this CLI cannot open the mailer');
      await io.withServices(async (services) => {
        const blobs = io.blobStore ? io.blobStore() : createBlobStore(loadConfig().blobStore);
        try {
          const result = await sendPracticeMessage(
            { ...services, blobs },
            options.practice,
            options.patient,
            parsed.data,
          );
          return `Message ${result.id} sent to ${options.patient}${result.to ? ` (${result.to})` : ''}; ${
            result.notified ? 'e-mail notice queued' : 'no e-mail notice (unsubscribed or no e-mail address)'
          }.`;
        } catch (error) {
          if (error instanceof HttpError) {
            const detail = error.validationMessages?.map((v) => v.description).join('; ');
            throw new CliInputError(detail ? `${error.message} ${detail}` : error.message);
          }
          throw error;
        } finally {
          if (!io.blobStore) await blobs.close();
        }
      });
    });

  program
    .command('messages:clinic-inbox')
    .description('List the messages patients sent to the practice (oldest first after --after-id).')
    .requiredOption('--practice <id>', 'practice id', positiveInteger)
    .option('--after-id <id>', 'only messages after this id', wholeNumber, 0)
    .option('--limit <n>', 'at most this many', positiveInteger, 50)
    .addHelpText('after', '\nExample:\n  dermis messages:clinic-inbox --practice 1 --after-id 120')
    .action((options: { practice: number; afterId: number; limit: number }) =>
      io.withDatabase(async (db) => {
        const rows = await clinicInbox(db, options.practice, options.afterId, Math.min(options.limit, 500));
        if (rows.length === 0) return 'No messages to the practice.';
        return rows
          .map(
            (r) =>
              `#${r.id} ${r.dateSent.toISOString()} ${sender(r)}: ${r.subject}\n  ${r.content.replace(/\n/g, '\n  ')}`,
          )
          .join('\n');
      }),
    );
}

/** A patient's message names the patient; mail from outside names its sender. */
function sender(row: Awaited<ReturnType<typeof clinicInbox>>[number]): string {
  if (row.patientExternalId !== null)
    return `${row.firstName ?? ''} ${row.lastName ?? ''} (${row.patientExternalId})`;
  return row.fromName ? `${row.fromName} <${row.from}>` : row.from;
}

/** A contract message key in words (the CLI speaks English). */
function describe(message: string): string {
  return message in en ? translate(message as keyof typeof en, { name: 'the file' }) : message;
}
