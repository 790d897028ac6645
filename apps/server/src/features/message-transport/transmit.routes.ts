/**
 * The two transmit calls (spec 002 §7), both behind the patient-access guard on the top-level
 * `patientId`: `POST directMessage/sendByFilter` and `POST patient/email/sendByFilter`. Each answers
 * the sender's copy of the message (its status FAILED when the transport refused it).
 */
import {
  appRoutes,
  directSendByFilterRequest,
  emailSendByFilterRequest,
  sendDirectMessageResponse,
} from '@dermis/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authenticate, authOf } from '../../plugins/authenticate';
import { accessedPatient, requirePatientAccess } from '../../plugins/patient-access';
import {
  transmitByDirect,
  transmitByEmail,
  type HealthSummaryZipBuilder,
  type TransmitActor,
  type TransmitDeps,
} from './transmit.service';
import type { SendGenerated } from '../../lib/generated-send';

export async function transmitRoutes(
  instance: FastifyInstance,
  options: { healthSummaryZip: HealthSummaryZipBuilder; send: (app: FastifyInstance) => SendGenerated },
): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.addHook('preHandler', authenticate);

  const send = options.send(app);
  const deps = (): TransmitDeps => ({
    db: app.db,
    send,
    counters: app.counters,
    config: app.config,
    mailFrom: app.config.mailFrom,
    healthSummaryZip: options.healthSummaryZip,
  });
  const actorOf = (request: FastifyRequest): TransmitActor => {
    const caller = authOf(request);
    return {
      patientId: accessedPatient(request).patientId,
      userId: caller.userId,
      callerPatientId: caller.patientId,
      practiceId: caller.practiceId,
    };
  };

  app.post(
    `/${appRoutes.directSendByFilter}`,
    {
      schema: { body: directSendByFilterRequest, response: { 200: sendDirectMessageResponse } },
      preHandler: requirePatientAccess(),
    },
    async (request) => {
      const { directMessageInfo: info, startDate, endDate } = request.body;
      return transmitByDirect(deps(), actorOf(request), {
        innerPatientId: info.patientId,
        fromPatientId: info.fromPatientId,
        to: info.to,
        subject: info.subject,
        content: info.content,
        startDate,
        endDate,
      });
    },
  );

  app.post(
    `/${appRoutes.emailSendByFilter}`,
    {
      schema: { body: emailSendByFilterRequest, response: { 200: sendDirectMessageResponse } },
      preHandler: requirePatientAccess(),
    },
    async (request) => {
      const { patientEmailInfo: info, startDate, endDate } = request.body;
      return transmitByEmail(deps(), actorOf(request), {
        innerPatientId: info.patientId,
        to: info.to,
        subject: info.subject,
        content: info.content,
        startDate,
        endDate,
      });
    },
  );

  return Promise.resolve();
}
