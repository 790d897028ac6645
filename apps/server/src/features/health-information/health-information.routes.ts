/**
 * Health information (spec 001 §7): `GET patient/healthInfo/_rid/{id}`, `POST
 * patient/exportCCDAByFilter` and `GET patient/fhir/getInviteCode?patientId=` (contract
 * `healthInformationCalls`, guarded by the registrar); and the integration API's FHIR invite issue
 * and revoke.
 */
import { healthInformationCalls } from '@dermis/contract';
import type { FastifyInstance } from 'fastify';
import { fastStringify, sendJsonText } from '../../lib/fast-serializer';
import { httpError, notFound } from '../../lib/http-error';
import { translatorFor, requestLanguage } from '../../lib/i18n';
import { PatientRevisionAnswers } from '../../lib/patient-revision';
import { patientIdByExternalId } from '../../lib/patient-by-external-id';
import { registerCall } from '../../plugins/register-call';
import { buildCcdaDocument } from './ccda-document';
import { exportHealthRecord } from './export.service';
import { loadHealthInfo } from './health-info.repository';
import { loadHealthInfoFirstPage } from './health-info-first-page';
import { issueInvite, revokeInvite, shownInvite } from './fhir-invite.repository';

export function registerHealthInformationCalls(app: FastifyInstance): void {
  // The summary's text kept by the patient's health-summary revision (decision 323): one row read
  // instead of the demographics, three lists and their totals. It depends on the patient and what
  // was asked only: not on who reads, their language or the time ("active" is a stored flag).
  const summaryJson = fastStringify(healthInformationCalls.get.response);
  const kept = new PatientRevisionAnswers<string>('health-summary');
  registerCall(app, healthInformationCalls.get, async ({ patient, query, reply }) => {
    const { patientId } = patient;
    const key = `${patientId}|${query.limit ?? ''}|${query.list ?? ''}`;
    const text = await kept.answer(app.db, patientId, key, async () => {
      // The plain call is the spec's whole summary; `limit` or `list` ask the page's first page.
      const info =
        query.limit === undefined && query.list === undefined
          ? await loadHealthInfo(app.db, patientId)
          : await loadHealthInfoFirstPage(app.db, patientId, query);
      if (!info) throw notFound();
      return { text: summaryJson(info) };
    });
    return sendJsonText(reply, text);
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
