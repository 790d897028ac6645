/**
 * Avatar calls of spec 001 §7: GET dms/url/avatar/getUploadURL, POST profile/addAvatar (profileId in
 * the body, through the guard), DELETE profile/deleteAvatar/_rid/{profileId} (through the guard) and
 * GET dms/url/avatar/getDownloadURL (a template with {s3Id}, signed for the caller's account).
 */
import {
  addAvatarRequest,
  appRoutes,
  avatarDownloadUrlResponse,
  avatarInfo,
  avatarS3IdPlaceholder,
  blobRoutes,
  errorResponse,
  ridParams,
  uploadUrlResponse,
} from '@dermis/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { expiryIn } from '../../lib/blob-store/signed-url';
import { authenticate, authOf } from '../../plugins/authenticate';
import { accessedPatient, requirePatientAccess } from '../../plugins/patient-access';
import { avatarUrlTtlSeconds, issueAvatarUpload, registerAvatar, removeAvatar } from './avatar.service';

const failures = { 400: errorResponse, 403: errorResponse, 404: errorResponse };

export async function avatarRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.addHook('preHandler', authenticate);

  app.get(
    `/${appRoutes.avatarUploadUrl}`,
    { schema: { response: { 200: uploadUrlResponse } } },
    async (request) => issueAvatarUpload(app, authOf(request).userId),
  );

  app.post(
    `/${appRoutes.addAvatar}`,
    {
      schema: { body: addAvatarRequest, response: { 200: avatarInfo, ...failures } },
      preHandler: requirePatientAccess(
        (request) => (request.body as { profileId?: unknown } | null)?.profileId,
      ),
    },
    async (request) =>
      registerAvatar(app, authOf(request).userId, accessedPatient(request).patientId, request.body),
  );

  app.delete(
    `/${appRoutes.deleteAvatar}`,
    {
      schema: { params: ridParams, response: { 200: avatarInfo, ...failures } },
      preHandler: requirePatientAccess(),
    },
    async (request) => removeAvatar(app, accessedPatient(request).patientId),
  );

  app.get(
    `/${appRoutes.avatarDownloadUrl}`,
    { schema: { response: { 200: avatarDownloadUrlResponse } } },
    (request) => {
      const exp = expiryIn(avatarUrlTtlSeconds);
      const token = app.blobUrls.sign({ op: 'avatar', uid: authOf(request).userId, exp });
      return {
        url: `${blobRoutes.avatar.replace(':s3Id', avatarS3IdPlaceholder)}?t=${token}`,
        expiresAt: new Date(exp * 1000).toISOString(),
      };
    },
  );

  return Promise.resolve();
}
