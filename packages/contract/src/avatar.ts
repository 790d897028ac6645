import { z } from 'zod';
import { describeCall, who } from './call';
import { errorResponse } from './errors';
import { apiPrefix } from './routes';
import { entityId, int32, ridParams, safeString } from './rules';

/**
 * Avatar (spec 001 §3 "Avatar", §4, §5, §7): GET `dms/url/avatar/getUploadURL` → {url, s3Id};
 * PUT the image bytes to `url` (Content-Type image/png or image/jpeg); POST `profile/addAvatar`
 * registers it (the server checks size and type by content, not by what the browser says); DELETE
 * `profile/deleteAvatar/_rid/{profileId}`; GET `dms/url/avatar/getDownloadURL` → a URL template with
 * `{s3Id}` that an <img> can load (signed and expiring, so no bearer token is needed).
 */
export const avatarMaxBytes = 5 * 1024 * 1024;
/** The crop is square and at most this many pixels on a side. */
export const avatarMaxSide = 500;
export const avatarMimeTypes = ['image/jpeg', 'image/png'] as const;
export type AvatarMimeType = (typeof avatarMimeTypes)[number];
/** What the file picker accepts (spec §5: JPEG, JPG, PNG). */
export const avatarAcceptedExtensions = ['.jpeg', '.jpg', '.png'] as const;

/** Blob ids the server issues: 32 lower-case hex characters. */
export const blobIdPattern = /^[0-9a-f]{32}$/;
export const blobId = safeString.regex(blobIdPattern, { message: 'validation.invalid' });

export const uploadUrlResponse = z.object({
  /** Where to PUT the bytes; absolute for S3, relative to the site for the local store. */
  url: z.string(),
  s3Id: z.string(),
  /** When the URL stops working (ISO 8601). */
  expiresAt: z.string(),
  /** The largest body the URL accepts. */
  maxBytes: z.number().int(),
});
export type UploadUrlResponse = z.infer<typeof uploadUrlResponse>;

export const addAvatarRequest = z.object({
  /** The patient whose avatar it is (the caller's own, or one they act for). */
  profileId: entityId,
  avatarS3Id: blobId,
  contentLength: int32.positive(),
  contentType: safeString.max(100),
});
export type AddAvatarRequest = z.infer<typeof addAvatarRequest>;

export const avatarInfo = z.object({
  profileId: z.number().int(),
  avatarS3Id: z.string().nullable(),
  avatarContentLength: z.number().int().nullable(),
  avatarMimeType: z.string().nullable(),
});
export type AvatarInfo = z.infer<typeof avatarInfo>;

export const avatarDownloadUrlResponse = z.object({
  /** Replace `{s3Id}` with an avatarS3Id; valid until `expiresAt` for the signed-in account. */
  url: z.string(),
  expiresAt: z.string(),
});
export type AvatarDownloadUrlResponse = z.infer<typeof avatarDownloadUrlResponse>;

/** The placeholder in the download template. */
export const avatarS3IdPlaceholder = '{s3Id}';

export function avatarUrl(template: string, s3Id: string): string {
  return template.replace(avatarS3IdPlaceholder, encodeURIComponent(s3Id));
}

const avatarFailures = { 400: errorResponse, 403: errorResponse, 404: errorResponse };

/**
 * The avatar calls of spec 001 §7: an upload address (for the caller's account), the avatar
 * registered on or removed from a profile (through the guard), and the download template.
 */
export const avatarCalls = {
  uploadUrl: describeCall({
    method: 'GET',
    path: `${apiPrefix.app}/dms/url/avatar/getUploadURL`,
    who: who.account,
    response: uploadUrlResponse,
  }),
  add: describeCall({
    method: 'POST',
    path: `${apiPrefix.app}/profile/addAvatar`,
    who: who.patientInBody('profileId'),
    body: addAvatarRequest,
    response: avatarInfo,
    answers: avatarFailures,
  }),
  remove: describeCall({
    method: 'DELETE',
    path: `${apiPrefix.app}/profile/deleteAvatar/_rid/:id`,
    who: who.patientInPath('id'),
    params: ridParams,
    response: avatarInfo,
    answers: avatarFailures,
  }),
  /** A template with {s3Id}, signed for the caller's account. */
  downloadUrl: describeCall({
    method: 'GET',
    path: `${apiPrefix.app}/dms/url/avatar/getDownloadURL`,
    who: who.account,
    response: avatarDownloadUrlResponse,
  }),
};
