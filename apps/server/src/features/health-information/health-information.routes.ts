/**
 * Health information (spec 001 §7): `GET patient/healthInfo/_rid/{id}`, `POST
 * patient/exportCCDAByFilter` and `GET patient/fhir/getInviteCode?patientId=` (contract
 * `healthInformationCalls`, guarded by the registrar); and the integration API's FHIR invite issue
 * and revoke.
 */
import { healthInformationCalls } from '@dermis/contract';
import type { FastifyInstance } from 'fastify';
import { httpError, notFound } from '../../lib/http-error';
import { translatorFor, requestLanguage } from '../../lib/i18n';
import { patientIdByExternalId } from '../../lib/patient-by-external-id';
import { registerCall } from '../../plugins/register-call';
import { buildCcdaDocument } from './ccda-document';
import { exportHealthRecord } from './export.service';
import { loadHealthInfo } from './health-info.repository';
import { loadHealthInfoFirstPage } from './health-info-first-page';
import { issueInvite, revokeInvite, shownInvite } from './fhir-invite.repository';

export function registerHealthInformationCalls(app: FastifyInstance): void {
  registerCall(app, healthInformationCalls.get, async ({ patient, query }) => {
    // The plain call is the spec's whole summary; `limit` or `list` ask the page's first page.
    const info =
      query.limit === undefined && query.list === undefined
        ? await loadHealthInfo(app.db, patient.patientId)
        : await loadHealthInfoFirstPage(app.db, patient.patientId, query);
    if (!info) throw notFound();
    return info;
  });

  registerCall(app, healthInformationCalls.exportCcda, ({ patient, caller, body, request }) =>
    exportHealthRecord(
      {
        db: app.db,
        buildCcda: buildCcdaDocument,
        patientId: patient.patientId,
        actor: { userId: caller.userId, practiceId: caller.practiceId },
        translate: translatorFor(requestLanguage(request)),
        language: requestLanguage(request),
      },
      body,
    ),
  );

  registerCall(app, healthInformationCalls.fhirInviteCode, async ({ patient, request }) => {
    const invite = await shownInvite(app.db, patient.patientId);
    if (!invite) throw httpError(404, 'DA01', 'server.error.noFhirInvite');
    const url = app.config.fhirBaseUrl ?? `${request.protocol}://${request.host}/fhir/r4`;
    return { url, code: invite.code, issuedAt: invite.issuedAt.toISOString() };
  });
}

/** Integration API: the practice issues (or reissues) and revokes a patient's FHIR invite code. */
export function registerFhirInviteIntegrationCalls(app: FastifyInstance): void {
  registerCall(app, healthInformationCalls.issueFhirInvite, async ({ params, practiceId }) => {
    const patientId = await patientIdByExternalId(app.db, practiceId, params.externalId);
    const invite = await issueInvite(app.db, patientId);
    return {
      patientExternalId: params.externalId,
      code: invite.code,
      issuedAt: invite.issuedAt.toISOString(),
    };
  });

  registerCall(app, healthInformationCalls.revokeFhirInvite, async ({ params, practiceId }) => {
    const patientId = await patientIdByExternalId(app.db, practiceId, params.externalId);
    return { patientExternalId: params.externalId, revoked: await revokeInvite(app.db, patientId) };
  });
}
