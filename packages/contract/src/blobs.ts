/**
 * The app's blob addresses, for either store. Public: the signed, expiring token in the query (`t`,
 * masked in logs like every query value) is the authorisation, so an <img> or a download link needs
 * no bearer token. The bytes are the answer, so the response schemas describe no JSON.
 */
import { z } from 'zod';
import { describeCall, who } from './call';
import { safeString } from './rules';

const tokenQuery = z.object({ t: safeString.max(2048) });
const avatarParams = z.object({ s3Id: safeString.max(64) });
/** Raw bytes: sent as they are, never serialized as JSON. */
const bytes = z.unknown();

export const blobsCalls = {
  /** The bytes of one upload, once; a second PUT to the address is refused. */
  upload: describeCall({
    method: 'PUT',
    path: '/api/blobs/upload',
    who: who.public,
    query: tokenQuery,
    status: 204,
    response: z.undefined(),
  }),
  /** One document, as an attachment. */
  download: describeCall({
    method: 'GET',
    path: '/api/blobs/download',
    who: who.public,
    query: tokenQuery,
    response: bytes,
  }),
  /** An avatar the token's account may see. */
  avatar: describeCall({
    method: 'GET',
    path: '/api/blobs/avatar/:s3Id',
    who: who.public,
    params: avatarParams,
    query: tokenQuery,
    response: bytes,
  }),
  /** A provider's photo: public like a practice's web site, named by an unguessable id. */
  providerAvatar: describeCall({
    method: 'GET',
    path: '/api/blobs/provider-avatar/:s3Id',
    who: who.public,
    params: avatarParams,
    response: bytes,
  }),
};
