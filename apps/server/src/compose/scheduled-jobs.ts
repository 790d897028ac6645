/**
 * The periodic jobs every server instance polls for (decision 107): each runs once across all
 * instances, whichever claims it. Features do not import each other, so the list is made here.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config/env';
import type { Db } from '../db/database';
import { reminderJob } from '../features/reminders/reminders.service';
import { staleAttachmentJob } from '../features/messages/messages.attachments';
import { expiredArtifactsJob } from '../features/health-apps/authorization/database-adapter';
import { resultNoticeJob } from '../features/health-information/clinical-record/result-notice';
import type { BlobStore } from '../lib/blob-store/blob-store';
import type { JobDefinition } from '../lib/jobs/scheduled-jobs';
import type { Mailer } from '../lib/mail/mailer';

export function scheduledJobs(deps: {
  db: Db;
  mailer: Mailer;
  blobs: BlobStore;
  config: Config;
  logger: Pick<FastifyBaseLogger, 'info' | 'error'>;
}): JobDefinition[] {
  return [
    reminderJob({ db: deps.db, mailer: deps.mailer, config: deps.config, logger: deps.logger }),
    // Attachments uploaded in compose but never sent (decision 110), with their blobs.
    staleAttachmentJob({ db: deps.db, blobs: deps.blobs, logger: deps.logger }),
    // Expired codes, tokens, sessions and interactions of the health apps' authorization server.
    expiredArtifactsJob({ db: deps.db, logger: deps.logger }),
    // Results released after a practice's delay (decision 221).
    resultNoticeJob({ db: deps.db, mailer: deps.mailer, config: deps.config, logger: deps.logger }),
  ];
}
