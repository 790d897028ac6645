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
import type { Config } from './config/env';
import type { Database } from './db/database';
import { openDatabase } from './db/database';
import { migrate } from './db/migrate';
import { assertNoDemoAccountsInProduction } from './demo/demo-guard';
import { registerAccountSettingsCalls } from './features/account-settings/account-settings.routes';
import { registerActivityLogCalls } from './features/activity-log/activity-log.routes';
import { registerAuthCalls } from './features/auth/auth.routes';
import { emailVerificationSender } from './compose/edit-profile';
import { registerAvatarCalls } from './features/avatar/avatar.routes';
import { registerBlobsCalls } from './features/blobs/blobs.routes';
import { registerCareTeamCalls } from './features/care-team/care-team.routes';
import { registerDocumentsCalls } from './features/documents/documents.routes';
import { registerEditProfileCalls } from './features/edit-profile/edit-profile.routes';
import { registerAppointmentsCalls } from './features/appointments/appointments.routes';
import { registerConsentsCalls } from './features/consents/consents.routes';
import { registerHealthProfileCalls } from './features/health-profile/health-profile.routes';
import { registerInsuranceCalls } from './features/insurance/insurance.routes';
import { registerPharmaciesCalls } from './features/pharmacies/pharmacies.routes';
import { registerPrescriptionsCalls } from './features/prescriptions/prescriptions.routes';
import { registerRemindersCalls } from './features/reminders/reminders.routes';
import { transmittedSummaryZip } from './compose/transmit';
import { visitConsents } from './compose/visit-consents';
import { devMailboxRoutes } from './features/dev-mailbox/dev-mailbox.routes';
import type { MessageTransport } from './features/messages/message-transport';
import { createMessageTransport, settleMailedMessage } from './compose/outbound-messages';
import { registerMessagesCalls } from './features/messages/messages.routes';
import { registerMessagesIntegrationCalls } from './features/messages/messages.integration';
import { registerClinicalDocumentCalls } from './features/health-information/clinical-documents.routes';
import {
  registerFhirInviteIntegrationCalls,
  registerHealthInformationCalls,
} from './features/health-information/health-information.routes';
import { registerIntegrationCalls } from './features/integration/integration.routes';
import {
  createFhirGrantResolver,
  registerHealthAppsAuthorization,
  type AuthorizationServerOptions,
} from './features/health-apps/authorization';
import { registerClinicalRecordCalls } from './features/health-information/clinical-record/clinical-record.routes';
import { registerMetrics } from './features/metrics/metrics.routes';
import type { FhirGrantResolver } from './features/health-apps/fhir/fhir-grant';
import { fhirBasePath, fhirRoutes } from './features/health-apps/fhir/fhir.routes';
import { buildCcdaDocument } from './features/health-information/ccda-document';
import { databaseDirectInbox } from './compose/direct-inbox';
import { createHispClient, sendsDirectOutside, type HispClient } from './lib/hisp/hisp-client';
import { startDirectListener, type DirectListener } from './lib/hisp/inbound-listener';
import { registerInvitationsCalls } from './features/invitations/invitations.routes';
import { registerPasswordRecoveryCalls } from './features/password-recovery/password-recovery.routes';
import { registerPatientCalls } from './features/patient/patient.routes';
import { registerPracticeBrandingCalls } from './features/practice-branding/practice-branding.routes';
import { registerReferenceListsCalls } from './features/reference-lists/reference-lists.routes';
import { registerResponsiblePersonsCalls } from './features/responsible-persons/responsible-persons.routes';
import { registerSystemCalls } from './features/system/system.routes';
import { registerTerminologyCalls } from './features/terminology/terminology.routes';
import { registerTwoStepCalls } from './features/two-step/two-step.routes';
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
import { CallerCache, callerChangesChannel } from './plugins/caller-cache';
import { registerErrorHandler } from './plugins/error-handler';
import { webPageScriptSources } from './plugins/inline-script-hashes';
import { registerIntegrationOpenApi } from './plugins/integration-openapi';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerAnswerCompression } from './plugins/compress-answers';
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
  /** Outbound Direct and e-mail messages; default: nothing leaves the portal (messages/message-transport.ts). */
  messageTransport?: MessageTransport;
  /** Reads a health app's token for the FHIR API; default: the portal's authorization server. */
  resolveFhirGrant?: FhirGrantResolver;
  /** How the health apps' authorization server fetches an app's JWKS URL (authorization-server.ts). */
  healthAppsFetch?: AuthorizationServerOptions['fetch'];
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
  // The caller cache serves nothing until its listener is subscribed, and drops what is announced.
  const callers = new CallerCache();
  const callerListener = database.listen(callerChangesChannel, {
    connected: () => callers.connected(),
    disconnected: () => callers.disconnected(),
    notified: (payload) => callers.announced(payload),
  });
  app.addHook('onClose', async () => {
    callers.close();
    await callerListener.close();
  });
  app.decorate('callers', callers);
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
  // The built page's inline scripts (its early preload), allowed by their hashes (decision 303).
  registerSecurityHeaders(app, webPageScriptSources(config.webDist));
  await registerAnswerCompression(app);
  await registerIntegrationOpenApi(app);

  registerSystemCalls(app);
  registerAuthCalls(app);
  // What the portal's set-up adds to the profiles, fixed for the life of the process (cached answers carry it too).
  registerPatientCalls(app, { directSendsOutside: sendsDirectOutside(hisp) });
  registerTwoStepCalls(app);
  registerPasswordRecoveryCalls(app);
  registerAccountSettingsCalls(app);
  registerActivityLogCalls(app);
  registerResponsiblePersonsCalls(app);
  registerReferenceListsCalls(app);
  registerTerminologyCalls(app);
  registerIntegrationCalls(app);
  // A changed e-mail address is sent the invitations feature's verification link (compose/edit-profile.ts).
  registerEditProfileCalls(app, { sendEmailVerification: emailVerificationSender(app) });
  registerHealthProfileCalls(app);
  registerPrescriptionsCalls(app);
  // A visit lists its consents, and the clinic's upsert replaces them (compose/visit-consents.ts).
  registerAppointmentsCalls(app, { consents: visitConsents });
  registerConsentsCalls(app);
  registerRemindersCalls(app);
  registerCareTeamCalls(app);
  registerPharmaciesCalls(app);
  registerAvatarCalls(app);
  registerDocumentsCalls(app);
  registerInsuranceCalls(app);
  registerBlobsCalls(app);
  registerPracticeBrandingCalls(app);
  registerInvitationsCalls(app);
  await app.register(devMailboxRoutes);
  registerHealthInformationCalls(app);
  registerClinicalRecordCalls(app);
  registerFhirInviteIntegrationCalls(app);
  registerClinicalDocumentCalls(app);
  // The transmit calls attach the health-information feature's summary; features do not import each other.
  registerMessagesCalls(app, { healthSummaryZip: transmittedSummaryZip });
  registerMessagesIntegrationCalls(app);
  // Health apps (SMART App Launch): /oauth2, the SMART configuration, consent and registration calls,
  // and the FHIR API, whose tokens that authorization server issues.
  const authorization = await registerHealthAppsAuthorization(
    app,
    deps.healthAppsFetch ? { fetch: deps.healthAppsFetch } : {},
  );
  await app.register(fhirRoutes, {
    prefix: fhirBasePath(config),
    resolveGrant: deps.resolveFhirGrant ?? createFhirGrantResolver(app.db, authorization),
    // The FHIR API's summary DocumentReference is the health record's C-CDA of the whole record.
    buildSummary: (db, patientId, generatedAt) =>
      buildCcdaDocument(db, patientId, { from: null, to: null }, generatedAt),
  });
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
