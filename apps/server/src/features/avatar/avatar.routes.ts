/**
 * Avatar calls (contract `avatarCalls`, spec 001 §7): an upload address for the caller's account,
 * the avatar registered on (profileId in the body) or removed from a profile through the guard, and
 * the download template with {s3Id}, signed for the caller's account.
 */
import { avatarCalls } from '@dermis/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../plugins/register-call';
import { avatarDownloadTemplate, issueAvatarUpload, registerAvatar, removeAvatar } from './avatar.service';

export function registerAvatarCalls(app: FastifyInstance): void {
  registerCall(app, avatarCalls.uploadUrl, ({ caller }) => issueAvatarUpload(app, caller.userId));

  registerCall(app, avatarCalls.add, ({ patient, caller, body }) =>
    registerAvatar(app, caller.userId, patient.patientId, body),
  );

  registerCall(app, avatarCalls.remove, ({ patient }) => removeAvatar(app, patient.patientId));

  registerCall(app, avatarCalls.downloadUrl, ({ caller }) =>
    Promise.resolve(avatarDownloadTemplate(app, caller.userId)),
  );
}
