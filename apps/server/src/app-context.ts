/**
 * What buildApp puts on the Fastify instance and request. Decorated once at the root so every feature
 * sees the same database, token service and counters without importing each other.
 */
import type { CallerCache } from './plugins/caller-cache';
import type { CallDescription, Language } from '@dermis/contract';
import type { Config } from './config/env';
import type { Db } from './db/database';
import type { BlobStore } from './lib/blob-store/blob-store';
import type { BlobUrlSigner } from './lib/blob-store/signed-url';
import type { CounterStore } from './lib/counters/counter-store';
import type { Mailer } from './lib/mail/mailer';
import type { HispClient } from './lib/hisp/hisp-client';
import type { MessageTransport } from './features/messages/message-transport';
import type { TokenService } from './lib/tokens';

/** A registered route as the route walkers see it (the access-guard walk, the fuzz test). */
export interface RouteEntry {
  method: string;
  /** The URL pattern, e.g. /api/app/patient/getDermisPatientById/_rid/:id. */
  url: string;
  /** The request schemas the route validates with (Zod), when it declares them. */
  schema?: { body?: unknown; querystring?: unknown; params?: unknown; headers?: unknown };
  /** The contract's description when the route was registered from one (plugins/register-call.ts). */
  call?: CallDescription;
}

/** Who is calling: set by the `authenticate` preHandler from a verified access token. */
export interface AuthContext {
  userId: number;
  practiceId: number;
  username: string;
  /** The caller's own patient record. */
  patientId: number;
  /** The sign-in session of the access token (checked live: revoked or ended means 401). */
  sessionId: string;
  /** The account's chosen language (null: not chosen; answers then follow Accept-Language). */
  language?: Language | null;
}

/** The patient a request may act on: set only by the patient-access guard. */
export interface PatientAccess {
  patientId: number;
  /** True when it is the caller's own record, false when the caller acts as a responsible person. */
  self: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    /** The caller check of `authenticate`, cached while the database's announcements are heard (decision 286). */
    callers: CallerCache;
    tokens: TokenService;
    counters: CounterStore;
    mailer: Mailer;
    /** Outbound Direct to other domains through the practice's HISP (DIRECT_SMTP_URL). */
    hisp: HispClient;
    /** Avatars and documents (lib/blob-store). */
    blobs: BlobStore;
    /** Where messages leave the portal (features/messages/message-transport). */
    messageTransport: MessageTransport;
    /** Signs and checks the app's expiring blob addresses. */
    blobUrls: BlobUrlSigner;
    /** Every route registered, in order. */
    routeTable: readonly RouteEntry[];
  }
  interface FastifyRequest {
    auth: AuthContext | null;
    patientAccess: PatientAccess | null;
    /** The practice of the integration API key that authenticated the request. */
    apiKeyPracticeId: number | null;
  }
}
