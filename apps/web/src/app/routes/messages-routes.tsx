import { Navigate, useParams, useSearchParams } from 'react-router';
import { avatarUrl } from '@dermis/contract';
import { Avatar } from '@mantine/core';
import { useAvatarTemplate } from '../../features/avatar/api/avatar';
import { Compose } from '../../features/messages/components/compose';
import { MessageList } from '../../features/messages/components/message-list';
import { MessageView } from '../../features/messages/components/message-view';
import { isListSlug } from '../../features/messages/components/messages-context';
import { MessagesLayout } from '../../features/messages/components/messages-layout';
import { Transmit } from '../../features/messages/components/transmit';
import { usePatientById } from '../../features/navigation/api/get-patient-by-id';
import { useSession } from '../../lib/session';
import { NotFoundRoute } from './status-routes';

/** /messages/*: the signed-in patient's own messages (spec 002 §2 "Messages area"). */
export function MessagesRoute() {
  const user = useSession().user;
  if (!user) return null;
  return <MessagesLayout patientId={user.id} base="/messages" actingFor={false} person={user} />;
}

/**
 * /{responsibleId}/messages/*: a responsible person working in the messages of a patient they act
 * for. The server's guard answers 403 (→ /forbidden) for anyone else.
 */
export function ActingForMessagesRoute() {
  const { responsibleId = '' } = useParams();
  const valid = /^\d{1,10}$/.test(responsibleId);
  const patient = usePatientById(valid ? Number(responsibleId) : null);
  const template = useAvatarTemplate(valid);
  if (!valid) return <NotFoundRoute />;
  const person = patient.data ?? null;
  const name = person ? `${person.firstName} ${person.lastName}` : '';
  const src = person?.avatarS3Id && template.data ? avatarUrl(template.data.url, person.avatarS3Id) : null;
  return (
    <MessagesLayout
      key={responsibleId}
      patientId={Number(responsibleId)}
      base={`/${responsibleId}/messages`}
      actingFor
      person={person}
      // The name is written beside it, so the picture is decorative.
      avatar={
        <Avatar
          src={src}
          alt=""
          size={48}
          radius={48}
          color="initials"
          name={name}
          data-testid="messages-avatar"
        />
      }
    />
  );
}

export function MessagesIndexRoute() {
  return <Navigate to="inbox" replace />;
}

export function MessageListRoute({ slug }: { slug: 'inbox' | 'sent' | 'failed' }) {
  return <MessageList key={slug} slug={slug} />;
}

export function MessageViewRoute() {
  const { type, id = '' } = useParams();
  if (!isListSlug(type) || !/^\d{1,12}$/.test(id)) return <NotFoundRoute />;
  return <MessageView key={`${type}/${id}`} slug={type} id={Number(id)} />;
}

export function ComposeRoute() {
  const { type, action, id } = useParams();
  if (action !== undefined && action !== 'reply' && action !== 'forward') return <NotFoundRoute />;
  return <Compose type={type} action={action} id={id} />;
}

export function TransmitRoute() {
  const [search] = useSearchParams();
  return <Transmit startDate={search.get('startDate') ?? ''} endDate={search.get('endDate') ?? ''} />;
}
