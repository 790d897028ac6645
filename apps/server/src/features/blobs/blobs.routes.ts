/**
 * The app's blob addresses (contract `blobsCalls`, /api/blobs/...), for both stores, `who.public`: a
 * signed, expiring token is the whole authorisation (an <img> or a download link cannot send a bearer
 * token), and the bytes pass through the app, so the Content-Security-Policy stays 'self' and an S3
 * bucket stays private.
 *
 *   PUT /api/blobs/upload?t=token         the bytes of one upload, once (avatars: a JPEG or PNG by
 *                                          content); a second PUT to the address is refused
 *   GET /api/blobs/download?t=token       one document, as an attachment
 *   GET /api/blobs/avatar/:s3Id?t=token   an avatar the token's account may see
 *   GET /api/blobs/provider-avatar/:s3Id  a provider's photo: public like the practice's web site,
 *                                          named by a hash of its bytes (decision 101)
 *
 * The token travels in the query because log lines mask every query value.
 */
import { avatarMaxBytes, blobsCalls } from '@dermis/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { blobKey } from '../../lib/blob-store/blob-store';
import { isAvatarImage, sniffContentType } from '../../lib/blob-store/content-type';
import { isAllowedAttachmentContent } from '../../lib/blob-store/attachment-type';
import { invalidField, notFound } from '../../lib/http-error';
import { visibleAvatar } from '../../lib/avatar-visibility';
import { registerCall } from '../../plugins/register-call';
import { providerAvatarMimeType } from './blobs.repository';
import { claimUpload, releaseUpload } from './upload-claim';

export function registerBlobsCalls(app: FastifyInstance): void {
  // Uploads carry raw bytes of any declared type (their own scope, so only they parse bodies this
  // way); what they are is decided by content below.
  void app.register((uploads) => {
    uploads.removeAllContentTypeParsers();
    uploads.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: avatarMaxBytes },
      (_request, body, done) => {
        done(null, body);
      },
    );
    registerCall(
      uploads,
      blobsCalls.upload,
      async ({ query, request, reply }) => {
        const claims = app.blobUrls.verify(query.t);
        if (claims?.op !== 'put') throw notFound();
        const body = request.body;
        if (!Buffer.isBuffer(body) || body.length === 0)
          throw invalidField('file', 'server.error.uploadNotFound');
        const isAttachment = claims.key.startsWith('messages/');
        if (body.length > claims.max)
          throw isAttachment
            ? invalidField('file', 'messages.error.attachmentTooLarge', { name: 'The file' })
            : invalidField('file', 'server.error.avatarSize');
        // A message attachment must be one of the allowed families by content (never a program);
        // dms/file/add then checks the content against the file's name.
        if (isAttachment && !isAllowedAttachmentContent(body))
          throw invalidField('file', 'messages.error.attachmentContent', { name: 'The file' });
        const type = sniffContentType(body);
        if (claims.key.startsWith('avatars/') && !isAvatarImage(type))
          throw invalidField('file', 'server.error.avatarType');
        // Checked bytes stay checked: the address is refused once it has taken its bytes.
        const upload = await claimUpload(app.db, claims.key);
        if (!upload) throw invalidField('file', 'server.error.uploadUsed');
        try {
          await app.blobs.put(claims.key, body, type ?? 'application/octet-stream');
        } catch (error) {
          await releaseUpload(app.db, upload.id);
          throw error;
        }
        return reply.status(204).send();
      },
      { bodyLimit: avatarMaxBytes },
    );
    return Promise.resolve();
  });

  registerCall(app, blobsCalls.download, async ({ query, reply }) => {
    const claims = app.blobUrls.verify(query.t);
    if (claims?.op !== 'get') throw notFound();
    const bytes = await app.blobs.get(claims.key);
    if (!bytes) throw notFound('server.error.documentNotFound');
    return sendBytes(reply, bytes, claims.type, `attachment; ${dispositionName(claims.name)}`);
  });

  registerCall(app, blobsCalls.avatar, async ({ params, query, reply }) => {
    const claims = app.blobUrls.verify(query.t);
    if (claims?.op !== 'avatar' || !/^[0-9a-f]{32}$/.test(params.s3Id)) throw notFound();
    const avatar = await visibleAvatar(app.db, claims.uid, params.s3Id);
    if (!avatar) throw notFound();
    const bytes = await app.blobs.get(blobKey('avatars', params.s3Id));
    if (!bytes) throw notFound();
    return sendBytes(reply, bytes, avatar.mimeType, 'inline');
  });

  registerCall(app, blobsCalls.providerAvatar, async ({ params, reply }) => {
    const { s3Id } = params;
    if (!/^[0-9a-f]{32}$/.test(s3Id)) throw notFound();
    const mimeType = await providerAvatarMimeType(app.db, s3Id);
    if (!mimeType) throw notFound();
    const bytes = await app.blobs.get(blobKey('provider-avatars', s3Id));
    if (!bytes) throw notFound();
    return sendBytes(reply, bytes, mimeType, 'inline');
  });
}

function sendBytes(reply: FastifyReply, bytes: Buffer, type: string, disposition: string) {
  return reply
    .header('Content-Type', type)
    .header('Content-Length', bytes.length)
    .header('Content-Disposition', disposition)
    .header('X-Content-Type-Options', 'nosniff')
    .send(bytes);
}

/** A Content-Disposition file name: an ASCII fallback and the exact name (RFC 6266, RFC 8187). */
function dispositionName(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
