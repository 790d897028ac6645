/** The insurance calls (contract `insuranceCalls`): the patient reads through the guard, the clinic writes. */
import { insuranceCalls } from '@dermis/contract';
import type { FastifyInstance } from 'fastify';
import { invalidField } from '../../lib/http-error';
import { patientIdByExternalId } from '../../lib/patient-by-external-id';
import { registerCall } from '../../plugins/register-call';
import { patientInsurance, upsertInsuranceProfile } from './insurance.repository';

export function registerInsuranceCalls(app: FastifyInstance): void {
  registerCall(app, insuranceCalls.getActiveProfile, ({ patient }) =>
    patientInsurance(app.db, patient.patientId),
  );

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
