import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import {
  messageListPageSize,
  messageRefreshMs,
  messagesCalls,
  type AddAttachmentResponse,
  type DirectMessage,
  type DirectMessageInfo,
  type DirectMessageType,
  type GetMessagesResponse,
  type PatientEmailInfo,
} from '@dermis/contract';
import { ApiError, useApiClient, type HttpClient } from '../../../lib/api';

const unreadKey = (patientId: number) => ['messages', patientId, 'unread'] as const;

/**
 * POST patient/dermis/getMessages: one list (spec 002 §7), newest first, a page of
 * `messageListPageSize` at a time; "Show more" asks for the page after the last one shown by its
 * keyset cursor (decision 253), so mail arriving meanwhile neither repeats nor hides a message. The
 * answer's inbox count also feeds the top bar's badge, so the two never disagree.
 */
export function messageListQuery(
  client: HttpClient,
  queryClient: QueryClient,
  patientId: number,
  type: DirectMessageType,
) {
  return infiniteQueryOptions({
    queryKey: ['messages', patientId, type],
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam }) => {
      const list = await client.call(messagesCalls.list, {
        body: {
          patientId,
          directMessageType: type,
          pageSize: messageListPageSize,
          ...(pageParam === null ? { page: 0 } : { cursor: pageParam }),
        },
      });
      queryClient.setQueryData(unreadKey(patientId), list.noOfUnread);
      return list;
    },
    getNextPageParam: (last) => last.nextCursor ?? null,
  });
}

/** The pages of a list read so far, as one list. */
export type MessagePages = InfiniteData<GetMessagesResponse, string | null>;

/**
 * A list; the inbox refreshes every 180000 ms while a screen showing it is open (spec 002 §2, §9),
 * every page shown so far again, each after the one before.
 */
export function useMessageList(patientId: number | null, type: DirectMessageType) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useInfiniteQuery({
    ...messageListQuery(client, queryClient, patientId ?? 0, type),
    enabled: patientId !== null,
    refetchInterval: type === 'RECEIVED' ? messageRefreshMs : false,
  });
}

/**
 * The unread count (GET directMessage/getUnreadCount/_rid/{id}) for the top bar. It has no timer of
 * its own: each inbox refresh and each mark-as-read updates it.
 */
export function useUnreadCount(patientId: number | null): number {
  const client = useApiClient();
  return (
    useQuery({
      queryKey: unreadKey(patientId ?? 0),
      enabled: patientId !== null,
      queryFn: async () =>
        (await client.call(messagesCalls.unreadCount, { params: { id: String(patientId ?? 0) } })).noOfUnread,
    }).data ?? 0
  );
}

/** GET directMessage/getById/_rid/{id}: one message with its body. */
export function useMessage(id: number | null) {
  const client = useApiClient();
  return useQuery({
    queryKey: ['message', id],
    enabled: id !== null,
    queryFn: () => client.call(messagesCalls.get, { params: { itemId: String(id ?? 0) } }),
  });
}

/**
 * POST directMessage/markAsRead. The answer's count replaces the badge's at once and the inbox row
 * turns read (spec 002 §4: reading decrements the unread count).
 */
export function useMarkAsRead(patientId: number) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => client.call(messagesCalls.markAsRead, { body: { id, isRead: true } }),
    onSuccess: (answer) => {
      queryClient.setQueryData(unreadKey(patientId), answer.noOfUnread);
      queryClient.setQueryData<MessagePages>(['messages', patientId, 'RECEIVED'], (list) =>
        list
          ? {
              ...list,
              pages: list.pages.map((page) => ({
                ...page,
                noOfUnread: answer.noOfUnread,
                messages: page.messages.map((m) => (m.id === answer.id ? { ...m, messageWasRead: true } : m)),
              })),
            }
          : list,
      );
    },
  });
}

export type TransportMode = 'direct' | 'email';

export interface SendVariables {
  mode: TransportMode;
  to: string;
  subject: string;
  content: string;
  attachmentIds: number[];
}

export interface TransmitVariables extends Omit<SendVariables, 'attachmentIds'> {
  startDate?: string;
  endDate?: string;
  ccdaAttachmentName: string;
}

function directInfo(patientId: number, v: SendVariables): DirectMessageInfo {
  return {
    patientId,
    fromPatientId: patientId,
    to: v.to,
    subject: v.subject,
    content: v.content,
    mimeType: 'text/plain' as const,
    attachments: v.attachmentIds,
  };
}

function emailInfo(patientId: number, v: SendVariables): PatientEmailInfo {
  return {
    patientId,
    to: v.to,
    subject: v.subject,
    content: v.content,
    includeAttachments: v.attachmentIds.length > 0,
    attachments: v.attachmentIds,
  };
}

/** Compose: POST directMessage/send or patient/email/send. The server fills 'from' (the Direct address). */
export function useSendMessage(patientId: number) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: SendVariables) =>
      v.mode === 'direct'
        ? client.call(messagesCalls.sendDirect, { body: { directMessageInfo: directInfo(patientId, v) } })
        : client.call(messagesCalls.sendEmail, { body: { patientEmailInfo: emailInfo(patientId, v) } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['messages', patientId] }),
  });
}

/**
 * Transmit: POST directMessage/sendByFilter or patient/email/sendByFilter (spec 002 §3 "Send
 * payloads"); a responsible person's e-mail send is flagged so the log records who sent it.
 */
export function useTransmit(patientId: number, actingFor: boolean) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: TransmitVariables) => {
      const range = {
        patientId,
        ...(v.startDate ? { startDate: v.startDate } : {}),
        ...(v.endDate ? { endDate: v.endDate } : {}),
        ccdaAttachmentName: v.ccdaAttachmentName,
      };
      const message = { ...v, attachmentIds: [] };
      return v.mode === 'direct'
        ? client.call(messagesCalls.transmitDirect, {
            body: { directMessageInfo: directInfo(patientId, message), ...range },
          })
        : client.call(messagesCalls.transmitEmail, {
            body: {
              patientEmailInfo: emailInfo(patientId, message),
              ...range,
              sentByResponsiblePerson: actingFor,
            },
          });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['messages', patientId] }),
  });
}

/** The blob store's answer to a refused upload, when it sent one (its reason is shown). */
function readJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Spec 002 §4 "Attachment upload": an upload address, the blob PUT to it (XMLHttpRequest, for its
 * upload progress), then dms/file/add, which checks size and type by content. Resolves with the id
 * a send lists.
 */
export async function uploadAttachment(
  client: HttpClient,
  patientId: number,
  mode: TransportMode,
  file: File,
  onProgress: (fraction: number) => void,
): Promise<Pick<AddAttachmentResponse, 'id' | 'mimeType'>> {
  const upload = await client.call(
    mode === 'direct' ? messagesCalls.directUploadUrl : messagesCalls.emailUploadUrl,
    { query: { patientId: String(patientId) } },
  );
  const mimeType = file.type || 'application/octet-stream';
  await new Promise<void>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', upload.url);
    xhr.setRequestHeader('Content-Type', mimeType);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () =>
      xhr.status >= 200 && xhr.status < 300
        ? resolve()
        : reject(ApiError.fromBody(xhr.status, readJson(xhr.responseText)));
    xhr.onerror = () => reject(new ApiError(0, 'UPLOAD_FAILED', ''));
    xhr.send(file);
  });
  onProgress(1);
  const added = await client.call(messagesCalls.addAttachment, {
    body: {
      patientId,
      visibleForPatient: false,
      name: file.name,
      size: file.size,
      mimeType,
      id: upload.s3Id,
    },
  });
  // The type the server checked the content as, which the screen shows beside the name.
  return { id: added.id, mimeType: added.mimeType };
}

/**
 * POST directMessage/forwardAttachments: the forwarded message's attachments, copied on the server
 * as the patient's own unsent attachments for the channel the compose screen sends with.
 */
export async function forwardAttachments(
  client: HttpClient,
  patientId: number,
  messageId: number,
  mode: TransportMode,
): Promise<Pick<AddAttachmentResponse, 'id' | 'name' | 'mimeType'>[]> {
  const answer = await client.call(messagesCalls.forwardAttachments, {
    body: { patientId, messageId, channel: mode === 'direct' ? 'DIRECT_MESSAGING' : 'PATIENT_EMAIL' },
  });
  return answer.attachments.map(({ id, name, mimeType }) => ({ id, name, mimeType }));
}

/** GET directMessage/getAttachment/_rid/{id} (or the e-mail one): a signed, expiring address. */
export function getAttachmentUrl(client: HttpClient, message: Pick<DirectMessage, 'isDirect'>, id: number) {
  return client.call(message.isDirect ? messagesCalls.directAttachment : messagesCalls.emailAttachment, {
    params: { itemId: String(id) },
  });
}
