/**
 * buildApp(config): the whole HTTP application, without listening. Order matters: shared services
 * are decorated first, then the error handler (inherited by every feature registered after it),
 * security headers, the features, and last the web app with its not-found fallback.
 */
import './app-context';
import type { RouteEntry } from './app-context';
import Fastify from 'fastify';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import { apiPrefix } from '@dermis/contract';
import type { Config } from './config/env';
import type { Database } from './db/database';
import { openDatabase } from './db/database';
import { migrate } from './db/migrate';
import { assertNoDemoAccountsInProduction } from './demo/demo-guard';
import { accountSettingsRoutes } from './features/account-settings/account-settings.routes';
import { activityLogRoutes } from './features/activity-log/activity-log.routes';
import { authRoutes } from './features/auth/auth.routes';
import { registerEditProfile } from './compose/edit-profile';
import { registerTransmit } from './compose/transmit';
import { devMailboxRoutes } from './features/dev-mailbox/dev-mailbox.routes';
import { encounterIntegrationRoutes } from './features/encounters/encounters-integration.routes';
import { reminderIntegrationRoutes } from './features/reminders/reminders-integration.routes';
import { encounterRoutes } from './features/encounters/encounters.routes';
import { consentRoutes } from './features/encounters/consents.routes';
import { consentIntegrationRoutes } from './features/encounters/consents-integration.routes';
import { healthHistoryRoutes } from './features/health-history/health-history.routes';
import { historyIntegrationRoutes } from './features/health-history/history-integration.routes';
import { filesRoutes } from './features/files.routes';
import { careTeamRoutes } from './features/care-team/care-team.routes';
import { pharmacyRoutes } from './features/pharmacies/pharmacies.routes';
import type { MessageTransport } from './features/messages/message-transport';
import { createMessageTransport, settleMailedMessage } from './compose/message-transport';
import { messagesRoutes } from './features/messages/messages.routes';
import { messagesIntegrationRoutes } from './features/messages/messages.integration';
import {
  clinicalDocumentIntegrationRoutes,
  clinicalDocumentRoutes,
} from './features/clinical-documents/clinical-documents.routes';
import {
  fhirInviteIntegrationRoutes,
  healthInformationRoutes,
} from './features/health-records/health-information.routes';
import { integrationRoutes } from './features/integration/integration.routes';
import { registerClinicalRecordCalls } from './features/health-records/clinical-record/clinical-record.routes';
import { registerMetrics } from './features/metrics/metrics.routes';
import { databaseDirectInbox } from './compose/direct-inbox';
import {
  createHispClient,
  sendsDirectOutside,
  type HispClient,
} from './features/message-transport/hisp-client';
import { startDirectListener, type DirectListener } from './features/message-transport/inbound-listener';
import { invitationRoutes } from './features/invitations/invitations.routes';
import { passwordRecoveryRoutes } from './features/password-recovery/password-recovery.routes';
import { patientRoutes } from './features/patient/patient.routes';
import {
  practiceBrandingIntegrationRoutes,
  practiceBrandingPublicRoutes,
} from './features/practice-branding/practice-branding.routes';
import { referenceListsRoutes } from './features/reference-lists/reference-lists.routes';
import { responsiblePersonsRoutes } from './features/responsible-persons/responsible-persons.routes';
import { systemRoutes } from './features/system/system.routes';
import { prescriptionIntegrationRoutes } from './features/prescriptions/prescriptions-integration.routes';
import { prescriptionRoutes } from './features/prescriptions/prescriptions.routes';
import { practiceMfaRoutes } from './features/two-step/practice-mfa.routes';
import { twoStepLoginRoutes } from './features/two-step/two-step-login.routes';
import { terminologyRoutes } from './features/terminology/terminology.routes';
import { twoStepRoutes } from './features/two-step/two-step.routes';
import type { BlobStore } from './lib/blob-store/blob-store';
import { createBlobStore } from './lib/blob-store/create-blob-store';
import { BlobUrlSigner } from './lib/blob-store/signed-url';
import type { CounterStore } from './lib/counters/counter-store';
import { createCounterStore } from './lib/counters/create-counter-store';
import { createLogger } from './lib/logger';
import { createMailer } from './lib/mail/create-mailer';
import type { Mailer } from './lib/mail/mailer';
import type { MailOutboxOptions } from './lib/mail/mail-outbox';
import { TokenService } from './lib/tokens';
import { registerErrorHandler } from './plugins/error-handler';
import { registerIntegrationOpenApi } from './plugins/integration-openapi';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerWebApp } from './plugins/web-app';

export interface AppDeps {
  /** An open, migrated database; without one, buildApp opens and migrates its own and closes it with the app. */
  database?: Database;
  /** Sign-in throttling counters; default from REDIS_URL. Closed with the app only when created here. */
  counters?: CounterStore;
  logger?: Logger;
  /** Outgoing mail; default from SMTP_URL (the durable outbox to SMTP) or the database outbox. */
  mailer?: Mailer;
  /**
   * The durable outbox's background worker (seconds between polls; server.ts) and retry policy
   * (tests); without a poll interval e-mail is only queued, and `MailOutbox.deliverDue` sends it.
   */
  mailOutbox?: Pick<MailOutboxOptions, 'pollSeconds' | 'retry'>;
  /** Avatars and documents; default from S3_* (a bucket) or BLOB_DIR (a folder). */
  blobs?: BlobStore;
  /** Outbound Direct; default from DIRECT_SMTP_URL (the HISP) or none (local delivery only). */
  hisp?: HispClient;
  /** Outbound Direct and e-mail messages; default: nothing leaves the portal (message-transport.ts). */
  messageTransport?: MessageTransport;
}

export async function buildApp(config: Config, deps: AppDeps = {}): Promise<FastifyInstance> {
  // Typed as Fastify's logger interface so the instance keeps the default generics features expect.
  const logger: FastifyBaseLogger = deps.logger ?? createLogger(config.logLevel);
  const app = Fastify({
    loggerInstance: logger,
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 1_048_576,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const database = deps.database ?? (await openMigrated(config));
  try {
    await assertNoDemoAccountsInProduction(database.db, config);
  } catch (error) {
    if (!deps.database) await database.close();
    throw error;
  }
  const counters = deps.counters ?? createCounterStore(config);
  const mailer =
    deps.mailer ??
    (await createMailer(config, database, {
      ...deps.mailOutbox,
      logger,
      onSettled: settleMailedMessage(database.db),
    }));
  const blobs = deps.blobs ?? createBlobStore(config.blobStore);
  const hisp = deps.hisp ?? createHispClient(config);
  // The inbound Direct listener runs with the app (DIRECT_INBOUND_PORT) and stops with it.
  let directListener: DirectListener | null = null;
  if (config.directInbound) {
    const inbound = config.directInbound;
    app.addHook('onReady', async () => {
      directListener = await startDirectListener(inbound, databaseDirectInbox(database.db, blobs), logger);
    });
  }
  app.addHook('onClose', async () => {
    await directListener?.close();
    if (!deps.hisp) await hisp.close();
    if (!deps.counters) await counters.close();
    if (!deps.mailer) await mailer.close();
    if (!deps.blobs) await blobs.close();
    if (!deps.database) await database.close();
  });

  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate('tokens', new TokenService(config.jwtSecret, config));
  app.decorate('counters', counters);
  app.decorate('mailer', mailer);
  app.decorate('blobs', blobs);
  app.decorate('hisp', hisp);
  app.decorate('messageTransport', deps.messageTransport ?? createMessageTransport({ hisp, mailer, logger }));
  app.decorate('blobUrls', new BlobUrlSigner(config.jwtSecret));
  app.decorateRequest('auth', null);
  app.decorateRequest('patientAccess', null);
  app.decorateRequest('apiKeyPracticeId', null);

  // Every route, as registered: the security tests walk it to prove no patient-scoped call escapes
  // the access guard, and the fuzz test to prove no input answers 5xx.
  const routeTable: RouteEntry[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat())
      routeTable.push({ method, url: route.url, schema: route.schema, call: route.config?.call });
  });
  app.decorate('routeTable', routeTable);

  registerErrorHandler(app);
  registerMetrics(app, database);
  registerSecurityHeaders(app);
  await registerIntegrationOpenApi(app);

  await app.register(systemRoutes);
  await app.register(authRoutes, { prefix: apiPrefix.auth });
  // What the portal's set-up adds to the profiles, fixed for the life of the process (cached answers carry it too).
  await app.register(patientRoutes, { prefix: apiPrefix.app, directSendsOutside: sendsDirectOutside(hisp) });
  await app.register(twoStepRoutes, { prefix: apiPrefix.app });
  await app.register(twoStepLoginRoutes, { prefix: apiPrefix.auth });
  await app.register(practiceMfaRoutes, { prefix: apiPrefix.integration });
  await app.register(passwordRecoveryRoutes, { prefix: apiPrefix.app });
  await app.register(accountSettingsRoutes, { prefix: apiPrefix.app });
  await app.register(activityLogRoutes, { prefix: apiPrefix.app });
  await app.register(responsiblePersonsRoutes, { prefix: apiPrefix.app });
  await app.register(referenceListsRoutes, { prefix: apiPrefix.app });
  await app.register(terminologyRoutes, { prefix: apiPrefix.app });
  await app.register(integrationRoutes, { prefix: apiPrefix.integration });
  await registerEditProfile(app);
  await app.register(healthHistoryRoutes, { prefix: apiPrefix.app });
  await app.register(prescriptionRoutes, { prefix: apiPrefix.app });
  await app.register(encounterRoutes, { prefix: apiPrefix.app });
  await app.register(consentRoutes, { prefix: apiPrefix.app });
  await app.register(consentIntegrationRoutes, { prefix: apiPrefix.integration });
  await app.register(historyIntegrationRoutes, { prefix: apiPrefix.integration });
  await app.register(encounterIntegrationRoutes, { prefix: apiPrefix.integration });
  await app.register(reminderIntegrationRoutes, { prefix: apiPrefix.integration });
  await app.register(prescriptionIntegrationRoutes, { prefix: apiPrefix.integration });
  await app.register(practiceBrandingIntegrationRoutes, { prefix: apiPrefix.integration });
  await app.register(practiceBrandingPublicRoutes);
  await app.register(invitationRoutes);
  await app.register(devMailboxRoutes);
  await app.register(filesRoutes);
  await app.register(healthInformationRoutes, { prefix: apiPrefix.app });
  registerClinicalRecordCalls(app);
  await app.register(fhirInviteIntegrationRoutes, { prefix: apiPrefix.integration });
  await app.register(careTeamRoutes, { prefix: apiPrefix.app });
  await app.register(pharmacyRoutes, { prefix: apiPrefix.app });
  await app.register(clinicalDocumentRoutes, { prefix: apiPrefix.app });
  await app.register(clinicalDocumentIntegrationRoutes, { prefix: apiPrefix.integration });
  await registerTransmit(app);
  await app.register(messagesRoutes, { prefix: apiPrefix.app });
  await app.register(messagesIntegrationRoutes, { prefix: apiPrefix.integration });
  await registerWebApp(app, config.webDist);

  return app;
}

/** TRUST_PROXY as Fastify takes it: a hop count becomes "trust the first n hops". */
function trustProxyOption(
  value: Config['trustProxy'],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof value === 'number') return (_address, hop) => hop < value;
  if (typeof value === 'string')
    return value
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  return value;
}

async function openMigrated(config: Config): Promise<Database> {
  const database = await openDatabase(config.database);
  try {
    await migrate(database);
    return database;
  } catch (error) {
    await database.close();
    throw error;
  }
}
