/**
 * Health history calls (contract `healthProfileCalls`, spec 001 §7): the patient's history items and
 * templates through the guard (patientId in the body), the end of first-time set-up (the caller's own
 * patient only), and the clinic's history items with its API key, idempotent by the clinic's own id.
 */
import { healthProfileCalls } from '@dermis/contract';
import type { FastifyInstance } from 'fastify';
import { sendJsonText } from '../../lib/fast-serializer';
import { notFound } from '../../lib/http-error';
import { registerCall } from '../../plugins/register-call';
import { markFirstTimeSetupComplete } from './health-profile.repository';
import { loadPatientItems, resolveContext, savePatientItems } from './health-profile.service';
import { historyPartAnswers } from './history-newest-answers';
import { deleteHistoryItem, upsertHistoryItem } from './history-integration.service';

export function registerHealthProfileCalls(app: FastifyInstance): void {
  // The newest of each list or one list (My Health Profile's reads): the answer's text, made by the
  // database (decision 291), the newest kept by the history's revision (decision 316).
  const historyPart = historyPartAnswers(app.db);
  registerCall(app, healthProfileCalls.getItems, async ({ patient, body, reply }) => {
    await resolveContext(app.db, patient.patientId, body.complaintId, body.providerId);
    const asksPart = body.limit !== undefined || body.section !== undefined;
    if (body.type === 'HISTORY' && asksPart)
      return sendJsonText(reply, await historyPart(patient.patientId, body));
    const answer = await loadPatientItems(app.db, patient.patientId, body.type, asksPart);
    // The templates are fixed (the contract's lists): a caller that holds them may leave them out.
    return body.templates === false ? { ...answer, templates: [] } : answer;
  });

  registerCall(app, healthProfileCalls.saveItems, ({ patient, body }) =>
    savePatientItems(app.db, patient.patientId, body),
  );

  registerCall(app, healthProfileCalls.completeFirstTimeSetup, async ({ caller }) => {
    // Set-up belongs to the signed-in account: its own patient, never one it acts for.
    await markFirstTimeSetupComplete(app.db, caller.patientId);
    return { patientId: caller.patientId, dermisFirstTimeSetupComplete: true as const };
  });

  registerCall(app, healthProfileCalls.upsertItem, async ({ params, body, practiceId, reply }) => {
    const result = await upsertHistoryItem(app.db, practiceId, params.externalId, body);
    return reply.status(result.created ? 201 : 200).send(result);
  });

  registerCall(app, healthProfileCalls.deleteItem, async ({ params, practiceId }) => {
    const deleted = await deleteHistoryItem(app.db, practiceId, params.externalId);
    if (!deleted) throw notFound();
    return { deleted: true as const };
  });
}
