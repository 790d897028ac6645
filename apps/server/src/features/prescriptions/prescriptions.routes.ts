/**
 * Prescription calls (contract `prescriptionsCalls`): the patient's prescription history through the
 * guard, the drug information of the caller's practice, and the clinic's prescriptions and drug
 * monographs with its API key, idempotent by the clinic's prescription id and by (fdbId, fdbDrugType).
 */
import { prescriptionsCalls } from '@dermis/contract';
import type { FastifyInstance } from 'fastify';
import { fastStringify, sendJsonText } from '../../lib/fast-serializer';
import { notFound } from '../../lib/http-error';
import { listCursor } from '../../lib/list-cursor';
import { PatientRevisionAnswers } from '../../lib/patient-revision';
import { patientIdByExternalId } from '../../lib/practice-patients';
import { registerCall } from '../../plugins/register-call';
import {
  findMonograph,
  listPrescriptions,
  upsertMonograph,
  upsertPrescription,
} from './prescriptions.repository';

/** The list's name in its cursors. */
const prescriptionList = 'PRESCRIPTIONS';

export function registerPrescriptionsCalls(app: FastifyInstance): void {
  // Each page's text kept by the patient's prescriptions revision (decision 324), by the page asked
  // (its size and the prescription it starts after): one row read instead of the page and its
  // monographs. Nothing in it depends on who reads, their language or the time.
  const historyJson = fastStringify(prescriptionsCalls.getHistory.response);
  const kept = new PatientRevisionAnswers<string>('prescriptions');
  registerCall(app, prescriptionsCalls.getHistory, async ({ patient, body, reply }) => {
    const { patientId } = patient;
    let afterId: number | undefined;
    if (body.cursor !== undefined) {
      const id = listCursor.read(body.cursor, patientId, prescriptionList);
      // Another patient's cursor, or one that is not a cursor: nothing follows it in this list.
      if (id === null) return { patientId, prescriptions: [], nextCursor: null };
      afterId = id;
    }
    const key = `${patientId}|${body.limit ?? ''}|${afterId ?? ''}`;
    const text = await kept.answer(app.db, patientId, key, async () => {
      // One more than the page is read to know whether another page follows.
      const limit = body.limit === undefined ? undefined : body.limit + 1;
      const rows = await listPrescriptions(app.db, patientId, { afterId, limit });
      const more = body.limit !== undefined && rows.length > body.limit;
      const prescriptions = more ? rows.slice(0, body.limit) : rows;
      const last = prescriptions.at(-1);
      const nextCursor = more && last ? listCursor.of(patientId, prescriptionList, last.id) : null;
      return { text: historyJson({ patientId, prescriptions, nextCursor }) };
    });
    return sendJsonText(reply, text);
  });

  registerCall(app, prescriptionsCalls.getEducationMonograph, async ({ body, caller }) => {
    const { fdbId, fdbDrugType, monographFormat } = body;
    const found = await findMonograph(app.db, caller.practiceId, fdbId, fdbDrugType);
    if (!found) throw notFound('prescription.error.monograph');
    return {
      fdbId,
      fdbDrugType: found.fdbDrugType,
      monographFormat,
      title: found.title,
      monograph: found.monograph,
    };
  });

  registerCall(app, prescriptionsCalls.upsert, async ({ params, body, practiceId, reply }) => {
    const patientId = await patientIdByExternalId(app.db, practiceId, body.patientExternalId);
    const result = await upsertPrescription(app.db, practiceId, patientId, params.externalId, body);
    return reply.status(result.created ? 201 : 200).send(result);
  });

  registerCall(app, prescriptionsCalls.upsertMonograph, async ({ body, practiceId, reply }) => {
    const result = await upsertMonograph(app.db, practiceId, body);
    return reply.status(result.created ? 201 : 200).send(result);
  });
}
