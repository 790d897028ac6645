/**
 * POST patient/exportCCDAByFilter (spec 001 §7, spec 002 §3, §5, §7): the encounters of the range
 * and, by action, the C-CDA (DOWNLOAD_CCDA), the PDF (DOWNLOAD_PDF) or the ZIP holding the C-CDA
 * (TRANSMIT_VALIDATION). Every view and download is written to the activity log (spec 000). A
 * download of a record with nothing in it answers NO_DATA (decision 095).
 */
import {
  healthSummaryFileName,
  noDataErrorCode,
  parseExportBound,
  type ExportAction,
  type ExportCcdaResponse,
} from '@dermis/contract';
import type { Db } from '../../db/database';
import { httpError } from '../../lib/http-error';
import { recordActivity, type ActivityAction } from '../../plugins/activity-log';
import {
  encountersInRange,
  findPatientHeader,
  loadHealthInfo,
  type ExportRange,
  type PatientHeader,
} from './health-info.repository';
import { loadExportRecord } from './export-record';
import { buildSummaryDocument, usDate } from './health-summary';
import { renderHealthSummaryPdf } from './health-summary-pdf';
import { xdmPackage } from './xdm/xdm-package';

/** Builds the C-CDA of a patient for a range (features/health-information/ccda, via ccda-document.ts). */
export type CcdaBuilder = (
  db: Db,
  patientId: number,
  range: ExportRange,
  generatedAt: Date,
) => Promise<string>;

export const noData = () => httpError(404, noDataErrorCode, 'server.error.noHealthData');

const activityOf: Partial<Record<ExportAction, ActivityAction>> = {
  VIEW: 'VIEW',
  DOWNLOAD_PDF: 'DOWNLOAD_PDF',
  DOWNLOAD_CCDA: 'DOWNLOAD_CCDA',
};

/** The request's bounds as instants: start inclusive, end exclusive (the page already sent day + 1). */
export function exportRangeOf(startDate?: string | null, endDate?: string | null): ExportRange {
  return {
    from: startDate ? parseExportBound(startDate) : null,
    to: endDate ? parseExportBound(endDate) : null,
  };
}

/** The range as the patient chose it, MM/DD/YYYY: the end is the day before the exclusive bound. */
export function chosenDays(range: ExportRange): { start: string | null; end: string | null } {
  const day = (d: Date) => usDate(d.toISOString());
  return {
    start: range.from ? day(range.from) : null,
    end: range.to ? day(new Date(range.to.getTime() - 86_400_000)) : null,
  };
}

/**
 * The ZIP a transmission attaches (decision 228): the C-CDA as an IHE XDM package, with its readable
 * HTML rendering, named as the transmit screen shows it (spec 002 "Health-summary attachment name").
 */
export function healthSummaryZip(header: PatientHeader, range: ExportRange, xml: string, now: Date) {
  const { start, end } = chosenDays(range);
  const name = `${header.firstName} ${header.lastName}`;
  return {
    fileName: healthSummaryFileName(name, start, end),
    zip: xdmPackage(xml, header.practiceName, now),
  };
}

export interface ExportContext {
  db: Db;
  buildCcda: CcdaBuilder;
  patientId: number;
  actor: { userId: number; practiceId: number };
  translate: Parameters<typeof buildSummaryDocument>[1];
  /** The reader's language (en, es): the PDF's words and its /Lang. */
  language: string;
  now?: Date;
}

export async function exportHealthRecord(
  ctx: ExportContext,
  request: { action: ExportAction; startDate?: string | null; endDate?: string | null },
): Promise<ExportCcdaResponse> {
  const { db, patientId } = ctx;
  const header = await findPatientHeader(db, patientId);
  if (!header) throw noData();
  const range = exportRangeOf(request.startDate, request.endDate);
  const generatedAt = ctx.now ?? new Date();
  const encounters = await encountersInRange(db, patientId, range);
  const patientFullName = `${header.firstName} ${header.lastName}`;
  const { start, end } = chosenDays(range);
  const base = { xml: null, zip: null, pdf: null, patientFullName, ccdaEncounterInfoList: encounters };

  let result: ExportCcdaResponse;
  switch (request.action) {
    case 'VIEW':
      result = {
        ...base,
        fileType: 'CCDA_XML',
        fileName: healthSummaryFileName(patientFullName, start, end, 'xml'),
      };
      break;
    case 'TRANSMIT_VALIDATION': {
      // Spec 002 §4: valid only with encounters; the page then says the information is not available.
      if (encounters.length === 0) {
        result = {
          ...base,
          fileType: 'CCDA_ZIP',
          fileName: healthSummaryFileName(patientFullName, start, end),
        };
        break;
      }
      const xml = await ctx.buildCcda(db, patientId, range, generatedAt);
      const { fileName, zip } = healthSummaryZip(header, range, xml, generatedAt);
      result = { ...base, fileType: 'CCDA_ZIP', fileName, zip: Buffer.from(zip).toString('base64') };
      break;
    }
    case 'DOWNLOAD_CCDA': {
      const info = await loadHealthInfo(db, patientId);
      if (!info || isEmpty(info, encounters.length)) throw noData();
      const xml = await ctx.buildCcda(db, patientId, range, generatedAt);
      result = {
        ...base,
        fileType: 'CCDA_XML',
        fileName: healthSummaryFileName(patientFullName, start, end, 'xml'),
        xml: Buffer.from(xml, 'utf8').toString('base64'),
      };
      break;
    }
    case 'DOWNLOAD_PDF': {
      const info = await loadHealthInfo(db, patientId);
      if (!info || isEmpty(info, encounters.length)) throw noData();
      const record = await loadExportRecord(db, patientId, range);
      if (!record) throw noData();
      const document = buildSummaryDocument(
        {
          record,
          encounters,
          startText: start,
          endText: end,
          generatedAt,
          lang: ctx.language === 'es' ? 'es-US' : 'en-US',
        },
        ctx.translate,
      );
      const pdf = await renderHealthSummaryPdf(document);
      result = {
        ...base,
        fileType: 'CCDA_PDF',
        fileName: healthSummaryFileName(patientFullName, start, end, 'pdf'),
        pdf: pdf.toString('base64'),
      };
      break;
    }
  }

  const action = activityOf[request.action];
  if (action) {
    await recordActivity(db, {
      practiceId: header.practiceId,
      patientId,
      actorUserId: ctx.actor.userId,
      action,
    });
  }
  return result;
}

/** Nothing to export: no encounter in the range and no clinical entry at all. */
function isEmpty(info: NonNullable<Awaited<ReturnType<typeof loadHealthInfo>>>, encounters: number): boolean {
  return (
    encounters === 0 &&
    info.allergies.length === 0 &&
    info.medications.length === 0 &&
    info.medicalProblems.length === 0 &&
    info.smokingStatusList.length === 0
  );
}
