/**
 * Care team calls (contract `careTeamCalls`, spec 001 §7): the team read and saved through the
 * patient-access guard, and the provider directory, which reads reference data only.
 */
import { careTeamCalls } from '@dermis/contract';
import type { FastifyInstance } from 'fastify';
import { AnswersByRevision } from '../../lib/answers-by-revision';
import { fastStringify, sendJsonText } from '../../lib/fast-serializer';
import { registerCall } from '../../plugins/register-call';
import { careTeamRevisionOf, loadCareTeam, saveCareTeam } from './care-team.repository';
import { searchProviders } from './provider-directory.repository';

export function registerCareTeamCalls(app: FastifyInstance): void {
  // The team's answer from a cache checked against the team's revision, read on every request
  // (decision 309): one row read instead of the team, and nothing built or serialised again. The
  // revision is read before the team, so an answer is never stored under a newer revision than its
  // rows'.
  const teamJson = fastStringify(careTeamCalls.get.response);
  const teams = new AnswersByRevision();
  registerCall(app, careTeamCalls.get, async ({ patient, reply }) => {
    const { patientId } = patient;
    const revision = await careTeamRevisionOf(app.db, patientId);
    let json = teams.get(patientId, revision);
    if (json === undefined) {
      json = teamJson(await loadCareTeam(app.db, patientId));
      teams.set(patientId, revision, json);
    }
    return sendJsonText(reply, json);
  });

  registerCall(app, careTeamCalls.save, ({ patient, body }) =>
    saveCareTeam(app.db, patient.patientId, body.patientCareTeam.careTeamMembers),
  );

  registerCall(app, careTeamCalls.searchProviders, ({ body }) =>
    searchProviders(app.db, body.searchText, body.limit),
  );
}
