/**
 * Care team calls (contract `careTeamCalls`, spec 001 §7): the team read and saved through the
 * patient-access guard, and the provider directory, which reads reference data only.
 */
import { careTeamCalls } from '@dermis/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../plugins/register-call';
import { loadCareTeam, saveCareTeam } from './care-team.repository';
import { searchProviders } from './provider-directory.repository';

export function registerCareTeamCalls(app: FastifyInstance): void {
  registerCall(app, careTeamCalls.get, ({ patient }) => loadCareTeam(app.db, patient.patientId));

  registerCall(app, careTeamCalls.save, ({ patient, body }) =>
    saveCareTeam(app.db, patient.patientId, body.patientCareTeam.careTeamMembers),
  );

  registerCall(app, careTeamCalls.searchProviders, ({ body }) =>
    searchProviders(app.db, body.searchText, body.limit),
  );
}
