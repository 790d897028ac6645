/**
 * The e-mail telling a patient a result arrived (decision 221): sent once per result version, as
 * soon as the version is released (at once by default, after the practice's delay otherwise).
 * Unsubscribe type 5 through the one reminder-mail path, so the opt-out and the signed link cannot be
 * forgotten; a patient without an e-mail address is reached through their responsible persons. The
 * e-mail never shows the result (decision 010): it names the practice and links to the portal.
 */
import { webRoutes } from '@dermis/contract';
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { practice, patient, resultReport } from '../../../db/schema';
import type { JobDefinition } from '../../../lib/jobs/scheduled-jobs';
import type { ReminderDeps, ReminderResult } from '../../../lib/mail/reminder-mail';
import { sendReminderMail } from '../../../lib/mail/reminder-mail';
import { translatorFor } from '../../../lib/i18n';

export interface NoticeOutcome {
  patientId: number;
  reportIds: number[];
  status: ReminderResult | 'FAILED';
}

/**
 * Claims the released results whose current version the patient was not told about (all due, or
 * only `reportIds`), then sends one e-mail per patient. Claiming first keeps two instances from
 * sending the same notice; the mail outbox then delivers it durably.
 */
export async function sendResultNotices(
  deps: ReminderDeps & { logger?: Pick<FastifyBaseLogger, 'error'> },
  now = new Date(),
  reportIds?: number[],
): Promise<NoticeOutcome[]> {
  const claimed = await deps.db
    .update(resultReport)
    .set({ notifiedVersion: sql`${resultReport.version}` })
    .where(
      and(
        lte(resultReport.releasedAt, now),
        sql`${resultReport.notifiedVersion} < ${resultReport.version}`,
        reportIds ? inArray(resultReport.id, reportIds) : undefined,
      ),
    )
    .returning({ id: resultReport.id, patientId: resultReport.patientId, version: resultReport.version });

  const byPatient = new Map<number, typeof claimed>();
  for (const row of claimed) byPatient.set(row.patientId, [...(byPatient.get(row.patientId) ?? []), row]);

  const outcomes: NoticeOutcome[] = [];
  for (const [patientId, rows] of byPatient) {
    const updated = rows.every((r) => r.version > 1);
    const [names] = await deps.db
      .select({ practiceName: practice.name })
      .from(patient)
      .innerJoin(practice, eq(practice.id, patient.practiceId))
      .where(eq(patient.id, patientId));
    const practiceName = names?.practiceName ?? '';
    let status: NoticeOutcome['status'];
    try {
      status = await sendReminderMail(deps, {
        patientId,
        type: 5,
        reachResponsiblePersons: true,
        content: (language, about) => {
          const tr = translatorFor(language);
          const line = about
            ? tr(updated ? 'mail.result.correctedAbout' : 'mail.result.newAbout', {
                name: about.name,
                practiceName,
              })
            : tr(updated ? 'mail.result.corrected' : 'mail.result.new', { practiceName });
          return {
            subject: tr(updated ? 'mail.result.subjectCorrected' : 'mail.result.subject'),
            greeting: tr('mail.greeting'),
            paragraphs: [line, tr('mail.result.privacy')],
            action: {
              label: tr('mail.result.action'),
              url: `${deps.config.publicUrl}${about ? `/${about.patientId}${webRoutes.healthInformation}` : webRoutes.healthInformation}`,
            },
          };
        },
      });
    } catch (error) {
      deps.logger?.error(
        { patientId, error: error instanceof Error ? error.name : 'unknown' },
        'result notice failed; it is sent again on the next pass',
      );
      await releaseClaim(deps, rows).catch((releaseError: unknown) =>
        deps.logger?.error(
          { patientId, error: releaseError instanceof Error ? releaseError.name : 'unknown' },
          'result notice could not be released for the next pass',
        ),
      );
      status = 'FAILED';
    }
    outcomes.push({ patientId, reportIds: rows.map((r) => r.id), status });
  }
  return outcomes;
}

/**
 * Gives back the claim of a notice that could not be queued, so the next pass sends it. Only the
 * version claimed is released: a correction that arrived meanwhile keeps its own due notice.
 */
async function releaseClaim(deps: ReminderDeps, rows: { id: number; version: number }[]): Promise<void> {
  for (const row of rows)
    await deps.db
      .update(resultReport)
      .set({ notifiedVersion: row.version - 1 })
      .where(and(eq(resultReport.id, row.id), eq(resultReport.notifiedVersion, row.version)));
}

/** The periodic pass that sends the notices of results released after a practice's delay. */
export function resultNoticeJob(
  deps: ReminderDeps & { logger?: Pick<FastifyBaseLogger, 'error' | 'info'> },
): JobDefinition {
  return {
    name: 'result-notices',
    intervalSeconds: 300,
    leaseSeconds: 600,
    run: async () => {
      const outcomes = await sendResultNotices(deps);
      if (outcomes.length > 0) deps.logger?.info({ resultNotices: outcomes.length }, 'result notices sent');
    },
  };
}
