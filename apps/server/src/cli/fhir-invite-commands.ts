/**
 * `dermis fhir:invite` and `dermis fhir:revoke`: clinic staff issue (or reissue) and revoke a
 * patient's FHIR invite code (decision 095), the same service as the integration API's
 * `patients/{externalId}/fhir-invite`.
 */
import { type Command, InvalidArgumentError } from 'commander';
import { issueInvite, revokeInvite } from '../features/health-information/fhir-invite.repository';
import { patientIdByExternalId } from '../lib/patient-by-external-id';
import type { InvitationCliIo } from './invitation-commands';

const positiveInteger = (value: string): number => {
  if (!/^\d+$/.test(value) || Number(value) < 1)
    throw new InvalidArgumentError('must be a positive whole number');
  return Number(value);
};

interface InviteOptions {
  practice: number;
  patient: string;
}

export function registerFhirInviteCommands(program: Command, io: InvitationCliIo): void {
  program
    .command('fhir:invite')
    .description(
      "Issue a patient's FHIR invite code (revoking the current one), shown on their Health Information page.",
    )
    .requiredOption('--practice <id>', 'practice id', positiveInteger)
    .requiredOption('--patient <externalId>', 'external id of the patient')
    .addHelpText('after', '\nExample:\n  dermis fhir:invite --practice 1 --patient P-100')
    .action((options: InviteOptions) =>
      io.withDatabase(async (db) => {
        const patientId = await patientIdByExternalId(db, options.practice, options.patient);
        const invite = await issueInvite(db, patientId);
        return `FHIR invite code of ${options.patient}: ${invite.code}`;
      }),
    );

  program
    .command('fhir:revoke')
    .description("Revoke a patient's FHIR invite code; the FHIR block leaves their Health Information page.")
    .requiredOption('--practice <id>', 'practice id', positiveInteger)
    .requiredOption('--patient <externalId>', 'external id of the patient')
    .addHelpText('after', '\nExample:\n  dermis fhir:revoke --practice 1 --patient P-100')
    .action((options: InviteOptions) =>
      io.withDatabase(async (db) => {
        const patientId = await patientIdByExternalId(db, options.practice, options.patient);
        return (await revokeInvite(db, patientId))
          ? `FHIR invite code of ${options.patient} revoked.`
          : `${options.patient} had no FHIR invite code.`;
      }),
    );
}
