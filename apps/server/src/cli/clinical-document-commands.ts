/**
 * `dermis encounter:attach-cda`: clinic staff attach a clinical document (a CDA R2
 * / C-CDA XML file received from elsewhere) to an encounter, by the clinic's own encounter id; a
 * second call replaces it. The file is checked by its content (well-formed XML, no DOCTYPE, root
 * ClinicalDocument in urn:hl7-org:v3). Local mode writes the database; remote mode
 * (--server/--api-key) calls the integration API.
 */
import fs from 'node:fs';
import {
  attachClinicalDocumentRequest,
  clinicalDocumentCalls,
  routePath,
  type AttachClinicalDocumentResponse,
} from '@dermis/contract';
import { type Command, InvalidArgumentError } from 'commander';
import { attachClinicalDocument } from '../features/health-information/clinical-documents.service';
import { HttpError } from '../lib/http-error';
import { CliInputError } from './commands';
import type { InvitationCliIo } from './invitation-commands';
import { callIntegration, remoteTarget } from './remote';

interface AttachOptions {
  practice: number;
  encounter: string;
  file: string;
  source: string;
  title?: string;
}

const positiveInteger = (value: string): number => {
  if (!/^\d+$/.test(value) || Number(value) < 1)
    throw new InvalidArgumentError('must be a positive whole number');
  return Number(value);
};

const describe = (options: AttachOptions, r: AttachClinicalDocumentResponse) =>
  `Clinical document ${r.id} ${r.created ? 'attached to' : 'replaced on'} encounter ${options.encounter}: ${r.title}`;

export function registerClinicalDocumentCommands(
  program: Command,
  io: InvitationCliIo,
  readFile: (path: string) => string = (path) => fs.readFileSync(path, 'utf8'),
): void {
  program
    .command('encounter:attach-cda')
    .description("Attach (or replace) an encounter's clinical document: a CDA R2 / C-CDA XML file.")
    .requiredOption(
      '--practice <id>',
      'practice id (in remote mode the API key’s practice is used)',
      positiveInteger,
    )
    .requiredOption('--encounter <externalId>', "the clinic system's encounter id")
    .requiredOption('--file <path>', 'the XML file (root ClinicalDocument, urn:hl7-org:v3)')
    .requiredOption('--source <text>', 'who sent it, e.g. "Naples Community Hospital via Direct"')
    .option('--title <text>', "shown to the patient (default: the document's own title)")
    .addHelpText(
      'after',
      '\nExample:\n  dermis encounter:attach-cda --practice 1 --encounter V-2041 --file ccd.xml --source "Naples Community Hospital"',
    )
    .action(async (options: AttachOptions) => {
      const parsed = attachClinicalDocumentRequest.safeParse({
        xml: readFile(options.file),
        source: options.source,
        ...(options.title ? { title: options.title } : {}),
      });
      if (!parsed.success)
        throw new CliInputError(
          `Invalid options:\n${parsed.error.issues.map((i) => `  --${String(i.path[0])}: ${i.message}`).join('\n')}`,
        );
      const target = remoteTarget(program.opts<{ server?: string; apiKey?: string }>());
      if (target) {
        const path = routePath(clinicalDocumentCalls.attach.path, { externalId: options.encounter });
        const answer = await callIntegration<AttachClinicalDocumentResponse>(
          target,
          'PUT',
          path,
          parsed.data,
          io.fetch,
        );
        (io.print ?? console.log)(describe(options, answer));
        return;
      }
      await io.withDatabase(async (db) => {
        try {
          return describe(
            options,
            await attachClinicalDocument(db, options.practice, options.encounter, parsed.data),
          );
        } catch (error) {
          if (error instanceof HttpError)
            throw new CliInputError(
              `Invalid options:\n  ${error.validationMessages?.map((m) => `--file: ${m.description}`).join('\n  ') ?? error.message}`,
            );
          throw error;
        }
      });
    });
}
