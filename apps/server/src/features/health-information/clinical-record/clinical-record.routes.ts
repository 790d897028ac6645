/**
 * The clinical record's calls (contract `clinicalRecordCalls`, decisions 220, 221): the clinic feeds
 * each kind of entry and sets the result release delays; the patient (or a responsible person)
 * reads the record of a range and marks results read, through the patient-access guard.
 */
import { blobsCalls, clinicalRecordCalls as calls } from '@dermis/contract';
import type { ClinicalRecordResponse, RecordSection } from '@dermis/contract';
import { and, eq, lte } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { resultRead, resultReport } from '../../../db/schema';
import { AnswersByRevision } from '../../../lib/answers-by-revision';
import { blobKey } from '../../../lib/blob-store/blob-store';
import { expiryIn } from '../../../lib/blob-store/signed-url';
import { sendJsonText } from '../../../lib/fast-serializer';
import { notFound } from '../../../lib/http-error';
import { registerCall } from '../../../plugins/register-call';
import {
  carePlanInRange,
  immunizationsInRange,
  noteContent,
  noteHeadingsInRange,
  resultsInRange,
  vitalSignsInRange,
  type ExportRange,
} from './clinical-record.repository';
import {
  releaseDelays,
  setReleaseDelay,
  upsertCareGoal,
  upsertCarePlanItem,
  upsertClinicalNote,
  upsertHealthConcern,
  upsertHealthStatus,
  upsertImmunization,
  upsertResult,
  upsertVitalSigns,
  type Upserted,
} from './clinical-record.service';
import { labTrends, recordTotals } from './record-overview';
import { recordPageJson, recordRevisionOf } from './record-page-json';
import { sendResultNotices } from './result-notice';

const iso = (date: Date) => date.toISOString();
const provenance = (r: { authorName: string; authorOrganization: string; recordedAt: Date }) => ({
  authorName: r.authorName,
  authorOrganization: r.authorOrganization,
  recordedAt: iso(r.recordedAt),
});

export function registerClinicalRecordCalls(app: FastifyInstance): void {
  const answer = (
    reply: { status: (code: number) => { send: (body: Upserted) => unknown } },
    result: Upserted,
  ) =>
    reply
      .status(result.created ? 201 : 200)
      .send({ id: result.id, externalId: result.externalId, created: result.created });

  registerCall(app, calls.upsertResult, async ({ params, body, practiceId, reply }) => {
    const result = await upsertResult(app.db, practiceId, params.externalId, body);
    if (result.changed && result.released)
      await sendResultNotices(
        { db: app.db, mailer: app.mailer, config: app.config, logger: app.log },
        new Date(),
        [result.id],
      );
    return answer(reply, result) as never;
  });
  registerCall(
    app,
    calls.upsertVitalSigns,
    async ({ params, body, practiceId, reply }) =>
      answer(reply, await upsertVitalSigns(app.db, practiceId, params.externalId, body)) as never,
  );
  registerCall(
    app,
    calls.upsertImmunization,
    async ({ params, body, practiceId, reply }) =>
      answer(reply, await upsertImmunization(app.db, practiceId, params.externalId, body)) as never,
  );
  registerCall(
    app,
    calls.upsertClinicalNote,
    async ({ params, body, practiceId, reply }) =>
      answer(reply, await upsertClinicalNote(app, practiceId, params.externalId, body)) as never,
    // Base64 of the largest PDF, plus the other fields.
    { bodyLimit: 15 * 1024 * 1024 },
  );
  registerCall(
    app,
    calls.upsertCarePlanItem,
    async ({ params, body, practiceId, reply }) =>
      answer(reply, await upsertCarePlanItem(app.db, practiceId, params.externalId, body)) as never,
  );
  registerCall(
    app,
    calls.upsertCareGoal,
    async ({ params, body, practiceId, reply }) =>
      answer(reply, await upsertCareGoal(app.db, practiceId, params.externalId, body)) as never,
  );
  registerCall(
    app,
    calls.upsertHealthConcern,
    async ({ params, body, practiceId, reply }) =>
      answer(reply, await upsertHealthConcern(app.db, practiceId, params.externalId, body)) as never,
  );
  registerCall(
    app,
    calls.upsertHealthStatus,
    async ({ params, body, practiceId, reply }) =>
      answer(reply, await upsertHealthStatus(app.db, practiceId, params.externalId, body)) as never,
  );
  registerCall(app, calls.setReleaseDelay, async ({ params, body, practiceId }) => {
    await setReleaseDelay(app.db, practiceId, params.category, body.delayHours);
    return releaseDelays(app.db, practiceId);
  });
  registerCall(app, calls.getReleaseDelays, ({ practiceId }) => releaseDelays(app.db, practiceId));

  // A heavy record's first page is some 70 KB: fewer kept than of the smaller cached answers.
  const pages = new AnswersByRevision<string>(1_000);
  registerCall(app, calls.getRecord, async ({ patient, caller, query, reply }) => {
    const range: ExportRange = {
      from: query.from ? new Date(query.from) : null,
      to: query.to ? new Date(query.to) : null,
    };
    // The page's first load: its answer as the database writes it (decision 293), kept by the
    // record's revision (decision 314) for what was asked and by whom (the unread flags are the
    // reader's). The revision is read before the answer, so an answer is never kept under a newer
    // revision than its rows'.
    if (query.limit !== undefined && query.section === undefined) {
      const { patientId } = patient;
      const revision = await recordRevisionOf(app.db, patientId);
      const key = JSON.stringify([patientId, caller.userId, query.from, query.to, query.limit, query.trend]);
      const kept = pages.get(key, revision);
      if (kept !== undefined) return sendJsonText(reply, kept);
      const page = await recordPageJson(
        app.db,
        patientId,
        caller.userId,
        range,
        query.limit,
        query.trend,
        new Date(),
      );
      if (page !== null) {
        pages.set(key, revision, page.json, page.until);
        return sendJsonText(reply, page.json);
      }
    }
    return readRecord(app, patient.patientId, caller.userId, range, query);
  });

  registerCall(app, calls.getNote, async ({ patient, params }) => {
    const note = await noteContent(app.db, patient.patientId, params.noteId);
    if (!note) throw notFound('server.error.noteNotFound');
    return {
      id: note.id,
      text: note.text,
      pdf: note.pdf
        ? {
            url: `${blobsCalls.download.path}?t=${app.blobUrls.sign({
              op: 'get',
              key: blobKey('documents', note.pdf.contentS3Id),
              name: note.pdf.fileName,
              type: 'application/pdf',
              exp: expiryIn(app.config.blobUrlTtlSeconds),
            })}`,
            fileName: note.pdf.fileName,
            contentLength: note.pdf.contentLength,
          }
        : null,
    };
  });

  registerCall(app, calls.markResultRead, async ({ patient, caller, body }) => {
    const [report] = await app.db
      .select({ id: resultReport.id, version: resultReport.version })
      .from(resultReport)
      .where(
        and(
          eq(resultReport.id, body.resultId),
          eq(resultReport.patientId, patient.patientId),
          lte(resultReport.releasedAt, new Date()),
        ),
      );
    if (!report) throw notFound('server.error.resultNotFound');
    await app.db
      .insert(resultRead)
      .values({ reportId: report.id, userId: caller.userId, version: report.version })
      .onConflictDoUpdate({
        target: [resultRead.reportId, resultRead.userId],
        set: { version: report.version, readAt: new Date() },
      });
    return { read: true as const };
  });
}

interface RecordAsk {
  limit?: number;
  section?: RecordSection;
  trend?: string;
}

const none = Promise.resolve([] as never[]);
const noPlan = Promise.resolve({ items: [], goals: [], concerns: [], healthStatuses: [] });

/**
 * The record of a range: every list whole, or with `limit` the newest of each (and the totals and
 * trend chart the page needs to say what it leaves out), or with `section` one card's lists.
 */
async function readRecord(
  app: FastifyInstance,
  patientId: number,
  userId: number,
  range: ExportRange,
  { limit, section, trend }: RecordAsk,
): Promise<ClinicalRecordResponse> {
  const now = new Date();
  const wants = (s: RecordSection) => section === undefined || section === s;
  const [results, vitals, immunizations, notes, plan, totals, trends] = await Promise.all([
    wants('results')
      ? resultsInRange(app.db, patientId, range, { releasedBy: now, limit, readBy: userId })
      : none,
    wants('vitalSigns') ? vitalSignsInRange(app.db, patientId, range, limit) : none,
    wants('immunizations') ? immunizationsInRange(app.db, patientId, range, limit) : none,
    wants('notes') ? noteHeadingsInRange(app.db, patientId, range, limit) : none,
    wants('carePlan') ? carePlanInRange(app.db, patientId, range, limit) : noPlan,
    recordTotals(app.db, patientId, range, now),
    limit !== undefined && section === undefined
      ? labTrends(app.db, patientId, range, now, trend)
      : Promise.resolve(undefined),
  ]);
  return {
    results: results.map((r) => ({
      id: r.id,
      category: r.category,
      code: r.code,
      name: r.name,
      status: r.status,
      effectiveAt: iso(r.effectiveAt),
      issuedAt: iso(r.issuedAt),
      specimen: r.specimen,
      narrative: r.narrative,
      diagnosisCode: r.diagnosisCode,
      diagnosisDisplay: r.diagnosisDisplay,
      observations: r.observations.map((o) => ({
        code: o.code,
        name: o.name,
        valueNumeric: o.valueNumeric,
        valueText: o.valueText,
        unit: o.unit,
        referenceLow: o.referenceLow,
        referenceHigh: o.referenceHigh,
        referenceText: o.referenceText,
        interpretation: o.interpretation,
      })),
      unread: (r.readVersion ?? 0) < r.version,
      previousStatuses: r.statusHistory.slice(0, -1).map((s) => s.status),
      ...provenance(r),
    })),
    vitalSigns: vitals.map((v) => ({
      id: v.id,
      effectiveAt: iso(v.effectiveAt),
      measurements: v.measurements as ClinicalRecordResponse['vitalSigns'][number]['measurements'],
      ...provenance(v),
    })),
    immunizations: immunizations.map((i) => ({
      id: i.id,
      cvxCode: i.cvxCode,
      vaccineName: i.vaccineName,
      occurredAt: iso(i.occurredAt),
      status: i.status,
      statusReason: i.statusReason,
      lotNumber: i.lotNumber,
      performerName: i.performerName,
      ...provenance(i),
    })),
    notes: notes.map((n) => ({
      id: n.id,
      noteTypeName: n.noteTypeName,
      title: n.title,
      authoredAt: iso(n.authoredAt),
      ...provenance(n),
    })),
    carePlan: {
      items: plan.items.map((i) => ({
        id: i.id,
        kind: i.kind,
        description: i.description,
        plannedAt: i.plannedAt ? iso(i.plannedAt) : null,
        status: i.status,
        ...provenance(i),
      })),
      goals: plan.goals.map((g) => ({
        id: g.id,
        description: g.description,
        targetDate: g.targetDate,
        status: g.status,
        ...provenance(g),
      })),
      concerns: plan.concerns.map((c) => ({
        id: c.id,
        description: c.description,
        code: c.code,
        codeSystem: c.codeSystem,
        status: c.status,
        onsetDate: c.onsetDate,
        ...provenance(c),
      })),
      healthStatus: plan.healthStatuses[0]
        ? {
            id: plan.healthStatuses[0].id,
            code: plan.healthStatuses[0].code,
            display: plan.healthStatuses[0].display,
            ...provenance(plan.healthStatuses[0]),
          }
        : null,
    },
    totals,
    ...(trends ? { trends } : {}),
  };
}
