import { queryOptions, useQuery } from '@tanstack/react-query';
import { avatarCalls, type AvatarInfo } from '@dermis/contract';
import { ApiError, useApiClient, type HttpClient } from '../../../lib/api';

/**
 * Spec 001 §4 "Avatar": get an upload address, PUT the image (image/png), register it with
 * profile/addAvatar; delete by profile id; show through the download template.
 */
export async function uploadAvatar(client: HttpClient, profileId: number, image: Blob): Promise<AvatarInfo> {
  const upload = await client.call(avatarCalls.uploadUrl);
  const put = await fetch(upload.url, {
    method: 'PUT',
    headers: { 'Content-Type': 'image/png' },
    body: image,
  });
  if (!put.ok) throw new ApiError(put.status, 'UPLOAD_FAILED', '');
  return client.call(avatarCalls.add, {
    body: { profileId, avatarS3Id: upload.s3Id, contentLength: image.size, contentType: 'image/png' },
  });
}

export function deleteAvatar(client: HttpClient, profileId: number): Promise<AvatarInfo> {
  return client.call(avatarCalls.remove, { params: { id: String(profileId) } });
}

export function avatarTemplateQuery(client: HttpClient) {
  return queryOptions({
    queryKey: ['avatar-download-url'],
    queryFn: () => client.call(avatarCalls.downloadUrl),
    // The template is signed for an hour; fetch a fresh one well before it ends.
    staleTime: 30 * 60 * 1000,
    refetchInterval: 30 * 60 * 1000,
  });
}

/** The avatar download template ({s3Id} to fill), signed for the signed-in account. */
export function useAvatarTemplate(enabled = true) {
  const client = useApiClient();
  return useQuery({ ...avatarTemplateQuery(client), enabled });
}
