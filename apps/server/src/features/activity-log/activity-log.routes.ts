/** GET patient/activityLog/_rid/{id} (spec 000 §7): the log of the patient being viewed, through the guard. */
import { activityLogCalls } from '@dermis/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../plugins/register-call';
import { listActivity } from './activity-log.repository';

export function registerActivityLogCalls(app: FastifyInstance): void {
  registerCall(app, activityLogCalls.list, ({ patient }) => listActivity(app.db, patient.patientId));
}
