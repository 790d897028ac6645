/** App-server calls about patient records (spec 000 §7). Every one passes the patient-access guard. */
import { patientCalls, userProfile } from '@dermis/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AnswersByRevision } from '../../lib/answers-by-revision';
import { fastStringify, sendJsonText } from '../../lib/fast-serializer';
import { notFound } from '../../lib/http-error';
import { authenticateWith } from '../../plugins/authenticate';
import { assertPatientAccess } from '../../plugins/patient-access';
import { registerCall } from '../../plugins/register-call';
import { buildPatientProfile, toUserProfile, type ProfileSetup } from './patient.service';
import { findCallerProfileRevision, findPatientIdByUsername, findUserProfile } from './patient.repository';

export function registerPatientCalls(app: FastifyInstance, setup: ProfileSetup): void {
  // The hottest read of the app answers JSON text it made with fast-json-stringify (not a Zod pass
  // over every answer), and the caller's own profile from a cache checked against the revision the
  // authentication statement read (docs/decisions/045, 162).
  const profileJson = fastStringify(userProfile);
  const ownProfiles = new AnswersByRevision();

  registerCall(
    app,
    patientCalls.getByUsername,
    async ({ caller, body, request, reply }) => {
      // An unknown username goes through the guard as "no patient" and is refused like a stranger's,
      // so the answer never tells whether a username exists.
      // The caller's own name (the usual case) needs no lookup: authentication read the account with
      // the profile's revision, and the guard lets the caller's own patient through without a query.
      const own = body.username.trim().toLowerCase() === caller.username.toLowerCase();
      const candidate = own
        ? caller.patientId
        : await findPatientIdByUsername(app.db, caller.practiceId, body.username);
      // The description names no patient id (a username does), so the access rule runs here.
      const access = await assertPatientAccess(request, candidate, { username: body.username.slice(0, 64) });
      const revision = profileRevisions.get(request);
      const json =
        access.self && revision !== undefined ? ownProfiles.get(access.patientId, revision) : undefined;
      if (json !== undefined) return sendJsonText(reply, json);

      const row = await findUserProfile(app.db, access.patientId, caller.practiceId);
      if (!row) throw notFound();
      const answer = profileJson(toUserProfile(row, setup));
      if (access.self) ownProfiles.set(access.patientId, row.profileRevision, answer);
      return sendJsonText(reply, answer);
    },
    { authenticate: authenticateWithProfileRevision },
  );

  registerCall(app, patientCalls.getDermisPatientById, ({ patient }) =>
    buildPatientProfile(app.db, patient.patientId, setup),
  );
}

/** The revision of the caller's own profile, read in authentication's round trip (docs/decisions/162). */
const profileRevisions = new WeakMap<FastifyRequest, number>();

/** `authenticate` for getByUsername: the same checks, with the revision of the caller's own profile in the same statement. */
async function authenticateWithProfileRevision(request: FastifyRequest): Promise<void> {
  const row = await authenticateWith(request, findCallerProfileRevision, (caller) => caller);
  profileRevisions.set(request, row.profileRevision);
}
