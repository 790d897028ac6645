/**
 * GET patient/responsiblePersons/_rid/{id}: who is responsible for the patient being viewed (spec 000
 * §2 "Responsible Persons"; the spec does not show the path, see docs/decisions/023). Through the guard.
 */
import { responsiblePersonsCalls } from '@dermis/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../plugins/register-call';
import { listResponsiblePersons } from './responsible-persons.repository';

export function registerResponsiblePersonsCalls(app: FastifyInstance): void {
  registerCall(app, responsiblePersonsCalls.list, ({ patient }) =>
    listResponsiblePersons(app.db, patient.patientId),
  );
}
