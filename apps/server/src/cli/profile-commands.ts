/**
 * patient:profile-flags: the clinic marks a patient's profile LK (read-only), imported from its
 * practice management system (demographics locked) or living outside the USA. Local mode calls the
 * same service as the integration API; remote mode (--server/--api-key) calls the API.
 */
import { editProfileCalls, profileFlagsRequest, routePath } from '@dermis/contract';
import { type Command, InvalidArgumentError } from 'commander';
import { setProfileFlags } from '../features/edit-profile/edit-profile.service';
import { patientIdByExternalId } from '../lib/practice-patients';
import type { InvitationCliIo } from './invitation-commands';
import { callIntegration, remoteTarget } from './remote';

interface ProfileFlagsOptions {
  practice: number;
  patient: string;
  lk?: boolean;
  imported?: boolean;
  nonUsa?: boolean;
}

type Flags = { lkPatient: boolean; demographicsImported: boolean; nonUsa: boolean };

const positiveInteger = (value: string): number => {
  if (!/^\d+$/.test(value) || Number(value) < 1)
    throw new InvalidArgumentError('must be a positive whole number');
  return Number(value);
};

const describe = (externalId: string, flags: Flags) =>
  `Profile of ${externalId}: LK ${flags.lkPatient ? 'yes' : 'no'}, imported ${
    flags.demographicsImported ? 'yes' : 'no'
  }, outside the USA ${flags.nonUsa ? 'yes' : 'no'}`;

export function registerProfileCommands(program: Command, io: InvitationCliIo): void {
  program
    .command('patient:profile-flags')
    .description("Set a patient's profile flags: LK (read-only), imported demographics, outside the USA.")
    .requiredOption('--practice <id>', 'practice id', positiveInteger)
    .requiredOption('--patient <externalId>', 'external id of the patient')
    .option('--lk', 'the profile is read-only for the patient (LK)')
    .option('--no-lk', 'the patient may edit the profile')
    .option('--imported', 'demographics come from the practice management system and are locked')
    .option('--no-imported', 'the patient may edit the demographics')
    .option('--non-usa', 'the patient lives outside the USA (race, ethnicity, language optional)')
    .option('--no-non-usa', 'race, ethnicity and language are required')
    .addHelpText(
      'after',
      '\nExample:\n  dermis patient:profile-flags --practice 1 --patient P-100 --imported --no-lk',
    )
    .action(async (options: ProfileFlagsOptions) => {
      const body = profileFlagsRequest.parse({
        lkPatient: options.lk,
        demographicsImported: options.imported,
        nonUsa: options.nonUsa,
      });
      const target = remoteTarget(program.opts<{ server?: string; apiKey?: string }>());
      if (!target) {
        return io.withDatabase(async (db) => {
          const patientId = await patientIdByExternalId(db, options.practice, options.patient);
          return describe(options.patient, await setProfileFlags(db, patientId, body));
        });
      }
      const path = routePath(editProfileCalls.setProfileFlags.path, { externalId: options.patient });
      const answer = await callIntegration<Flags>(target, 'PUT', path, body, io.fetch);
      (io.print ?? console.log)(describe(options.patient, answer));
    });
}
