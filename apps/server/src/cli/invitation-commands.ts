/**
 * The CLI commands of the invitations area: `invite` (local or remote) and `demo:seed`, and the
 * remote variant of `patient:upsert`. Registered on the program by registerInvitationCommands.
 */
import { invitationResponse, invitationsCalls, routePath, sendInvitationRequest } from '@dermis/contract';
import type { InvitationResponse, UpsertPatientRequest } from '@dermis/contract';
import type { Command } from 'commander';
import type { Config } from '../config/env';
import type { Db } from '../db/database';
import { seedDemo } from '../demo/seed';
import { sendInvitation } from '../features/invitations/invitation.service';
import type { Mailer } from '../lib/mail/mailer';
import type { ReminderConfig } from '../features/reminders/reminders.service';
import { CliInputError } from './commands';
import type { RemoteTarget } from './remote';
import { callIntegration, remoteTarget } from './remote';

/** What a local `invite` needs beyond the database: the mailer and the link settings. */
export interface CliServices {
  db: Db;
  mailer: Mailer;
  config: Pick<
    Config,
    'publicUrl' | 'jwtSecret' | 'accountInvitationTtlHours' | 'emailVerificationTtlHours'
  > &
    ReminderConfig;
}

export interface InvitationCliIo {
  withDatabase(fn: (db: Db) => Promise<string>): Promise<void>;
  /** Opens the database and the configured mailer, runs `fn`, closes both (needed by `invite`). */
  withServices?(fn: (services: CliServices) => Promise<string>): Promise<void>;
  /** Prints the result of a remote call (default: console.log). */
  print?(text: string): void;
  fetch?: typeof fetch;
}

export interface InviteOptions {
  practice: number;
  patient: string;
  kind: string;
  email?: string;
}

const kinds: Record<string, 'ACCOUNT_CREATION' | 'EMAIL_VERIFICATION'> = {
  account: 'ACCOUNT_CREATION',
  email: 'EMAIL_VERIFICATION',
};

export function inviteInput(options: InviteOptions) {
  const kind = kinds[options.kind];
  if (!kind) throw new CliInputError('Invalid options:\n  --kind: must be account or email');
  const parsed = sendInvitationRequest.safeParse({ kind, email: options.email });
  if (!parsed.success) throw new CliInputError('Invalid options:\n  --email: must be a valid e-mail address');
  return parsed.data;
}

export function describeInvitation(result: InvitationResponse, patient: string): string {
  const what = result.kind === 'ACCOUNT_CREATION' ? 'Account-creation' : 'E-mail-verification';
  return `${what} link ${result.id} sent to ${result.email} for patient ${patient}; it expires ${result.expiresAt}`;
}

export async function inviteLocal(services: CliServices, options: InviteOptions): Promise<string> {
  const result = await sendInvitation(services, options.practice, options.patient, inviteInput(options));
  return describeInvitation(result, options.patient);
}

export async function inviteRemote(target: RemoteTarget, options: InviteOptions, fetchFn?: typeof fetch) {
  const path = routePath(invitationsCalls.sendInvitation.path, { externalId: options.patient });
  const answer = await callIntegration<unknown>(target, 'POST', path, inviteInput(options), fetchFn);
  return describeInvitation(invitationResponse.parse(answer), options.patient);
}

export async function patientUpsertRemote(
  target: RemoteTarget,
  input: UpsertPatientRequest,
  fetchFn?: typeof fetch,
): Promise<string> {
  const answer = await callIntegration<{ id: number; externalId: string; created: boolean }>(
    target,
    'PUT',
    `patients/${encodeURIComponent(input.externalId)}`,
    input,
    fetchFn,
  );
  return `Patient ${answer.id} (${answer.externalId}) ${answer.created ? 'created' : 'updated'}`;
}

export async function demoSeed(db: Db): Promise<string> {
  const practiceId = await seedDemo(db);
  return practiceId === null
    ? 'The database already has a practice; nothing seeded.'
    : `Demo practice ${practiceId} seeded.`;
}

const positiveInteger = (value: string): number => {
  if (!/^\d+$/.test(value) || Number(value) < 1)
    throw new CliInputError('--practice: must be a positive whole number');
  return Number(value);
};

/** patient:upsert in remote mode; false in local mode, where the caller opens the database. */
export async function patientUpsertIfRemote(
  program: Command,
  io: InvitationCliIo,
  input: UpsertPatientRequest,
): Promise<boolean> {
  const target = remoteTarget(program.opts<{ server?: string; apiKey?: string }>());
  if (!target) return false;
  print(io, await patientUpsertRemote(target, input, io.fetch));
  return true;
}

function print(io: InvitationCliIo, text: string): void {
  if (io.print) io.print(text);
  else console.log(text);
}

export function registerInvitationCommands(program: Command, io: InvitationCliIo): void {
  program
    .option('--server <url>', 'remote mode: call the integration API of this running Dermis server')
    .option('--api-key <key>', 'remote mode: the practice API key (X-Api-Key) for --server');

  program
    .command('invite')
    .description(
      'Send a patient an account-creation link (--kind account) or an e-mail-verification link (--kind email).',
    )
    .requiredOption(
      '--practice <id>',
      'practice id (in remote mode the API key’s practice is used)',
      positiveInteger,
    )
    .requiredOption('--patient <externalId>', "the clinic system's patient id")
    .requiredOption('--kind <account|email>', 'account or email')
    .option('--email <address>', "address to send to (default: the patient's first active e-mail)")
    .addHelpText(
      'after',
      '\nExamples:\n  dermis invite --practice 1 --patient P-100 --kind account\n' +
        '  dermis --server http://localhost:8080 --api-key dermis_… invite --practice 1 --patient P-100 --kind email',
    )
    .action(async (options: InviteOptions) => {
      const target = remoteTarget(program.opts<{ server?: string; apiKey?: string }>());
      if (target) return print(io, await inviteRemote(target, options, io.fetch));
      if (!io.withServices) throw new Error('this CLI cannot open the mailer');
      await io.withServices((services) => inviteLocal(services, options));
    });

  program
    .command('demo:seed')
    .description('Migrate the database and seed the demo practice when it has no practice yet (idempotent).')
    .addHelpText('after', '\nExample:\n  dermis demo:seed')
    .action(() => io.withDatabase(demoSeed));
}
