/** The insurance calls (contract `insuranceCalls`): the patient reads through the guard, the clinic writes. */
import { insuranceCalls } from '@dermis/contract';
import type { FastifyInstance } from 'fastify';
import { AnswersByRevision } from '../../lib/answers-by-revision';
import { fastStringify, sendJsonText } from '../../lib/fast-serializer';
import { invalidField } from '../../lib/http-error';
import { patientIdByExternalId } from '../../lib/patient-by-external-id';
import { registerCall } from '../../plugins/register-call';
import { insuranceRevisionOf, patientInsurance, upsertInsuranceProfile } from './insurance.repository';

export function registerInsuranceCalls(app: FastifyInstance): void {
  // The patient's insurance kept by its revision, read on every request (decision 319): one row read
  // instead of every profile and policy, and nothing mapped or serialised again. The revision is read
  // before the insurance, so an answer is never stored under a newer revision than its rows'.
  const insuranceJson = fastStringify(insuranceCalls.getActiveProfile.response);
  const kept = new AnswersByRevision();
  registerCall(app, insuranceCalls.getActiveProfile, async ({ patient, reply }) => {
    const { patientId } = patient;
    const revision = await insuranceRevisionOf(app.db, patientId);
    let json = kept.get(patientId, revision);
    if (json === undefined) {
      json = insuranceJson(await patientInsurance(app.db, patientId));
      kept.set(patientId, revision, json);
    }
    return sendJsonText(reply, json);
  });

  registerCall(app, insuranceCalls.upsertProfile, async ({ params, body, practiceId, reply }) => {
    const ids = body.policies.map((p) => p.externalId);
    if (new Set(ids).size !== ids.length) throw invalidField('policies', 'server.error.duplicatePolicy');
    const patientId = await patientIdByExternalId(app.db, practiceId, params.externalId);
    const result = await upsertInsuranceProfile(
      app.db,
      practiceId,
      patientId,
      params.profileExternalId,
      body,
    );
    return reply.status(result.created ? 201 : 200).send(result);
  });
}
