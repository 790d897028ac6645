/**
 * The integration API (/api/integration; contract `integrationCalls`): how clinic systems feed
 * Dermis, authenticated by a practice API key whose practice is the only one these calls touch. Its
 * OpenAPI document (plugins/integration-openapi.ts) comes from the same contract schemas.
 */
import { integrationCalls } from '@dermis/contract';
import type { FastifyInstance } from 'fastify';
import { invalidField } from '../../lib/http-error';
import { registerCall } from '../../plugins/register-call';
import { createClinic } from './clinic.service';
import { upsertPatient } from './patient-upsert.service';
import { linkResponsiblePerson } from './responsible-person.service';

export function registerIntegrationCalls(app: FastifyInstance): void {
  registerCall(app, integrationCalls.createClinic, ({ practiceId, body }) =>
    createClinic(app.db, practiceId, body),
  );

  registerCall(app, integrationCalls.upsertPatient, async ({ practiceId, params, body, reply }) => {
    const { externalId } = params;
    if (body.externalId !== undefined && body.externalId !== externalId) {
      throw invalidField('externalId', 'server.error.externalIdMismatch');
    }
    const result = await upsertPatient(app.db, practiceId, { ...body, externalId });
    return reply.status(result.created ? 201 : 200).send(result);
  });

  registerCall(app, integrationCalls.linkResponsiblePerson, ({ practiceId, body }) =>
    linkResponsiblePerson(app.db, practiceId, body),
  );
}
