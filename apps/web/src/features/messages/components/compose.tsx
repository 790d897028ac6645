import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button, Checkbox, Group, Stack, TextInput } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { SectionCard } from '../../../components/section-card';
import { ListSkeleton } from '../../../components/skeletons';
import { errorMessage, serverRefusal, useApiClient } from '../../../lib/api';
import { t } from '../../../lib/i18n';
import { forwardAttachments, useMessage, useSendMessage, type TransportMode } from '../api/messages';
import { forwardDraft, isAddressValid, replyDraft, type Draft } from '../format';
import { plainContent } from '../html-content';
import { SendFailureModal, notSent, type SendFailure } from './send-failure';
import { AttachmentsField, type ComposeAttachment } from './attachments-field';
import { MessageFields, type MessageFieldValues } from './message-fields';
import {
  directAvailable,
  isListSlug,
  listTypes,
  outsideDirectHint,
  useMessagesScope,
} from './messages-context';

interface ComposeProps {
  type?: string;
  action?: string;
  id?: string;
}

/**
 * /messages/compose/:type?/:action?/:id? (spec 002 §2 "Compose"): a new message, or a reply or
 * forward of message :id of list :type, prepared once the list is known.
 */
export function Compose({ type, action, id }: ComposeProps) {
  const scope = useMessagesScope();
  const slug = isListSlug(type) ? type : 'inbox';
  const quoting = (action === 'reply' || action === 'forward') && id !== undefined && /^\d{1,12}$/.test(id);
  const query = useMessage(quoting ? Number(id) : null);
  if (quoting && query.isPending) return <ListSkeleton rows={4} label={t('components.loading')} />;
  const original =
    query.data &&
    query.data.directMessageType === listTypes[slug].type &&
    query.data.patientId === scope.patientId
      ? query.data
      : undefined;
  // A clinic's HTML message is quoted as its text: the compose box is plain text.
  const quoted = original && { ...original, content: plainContent(original) };
  const draft: Draft | undefined = quoted
    ? action === 'reply'
      ? replyDraft(quoted)
      : forwardDraft(quoted)
    : undefined;
  // Keyed, so a different message to quote starts a fresh form (and drops the old attachments).
  return (
    <ComposeForm
      key={`${slug}/${action ?? ''}/${id ?? ''}`}
      draft={draft}
      action={quoting ? action : undefined}
      forwardId={
        action === 'forward' && original && original.attachments.length > 0 ? original.id : undefined
      }
    />
  );
}

interface Errors {
  to?: string;
  subject?: string;
}

/** Forwarded attachments are told apart from chosen files (whose key is name + last-modified). */
const isForwarded = (attachment: ComposeAttachment) => attachment.key.startsWith('forward:');

interface ComposeFormProps {
  draft?: Draft;
  action?: string;
  /** The message whose attachments a forward carries (decision 121). */
  forwardId?: number;
}

function ComposeForm({ draft, action, forwardId }: ComposeFormProps) {
  const scope = useMessagesScope();
  const navigate = useNavigate();
  const client = useApiClient();
  const send = useSendMessage(scope.patientId);
  const canDirect = directAvailable(scope.person);
  const [direct, setDirect] = useState(canDirect);
  const [to, setTo] = useState(draft?.to ?? '');
  // A reply's address is already there; a typed one is judged once the patient leaves the field.
  const [subject, setSubject] = useState(draft?.subject ?? '');
  const [content, setContent] = useState(draft?.content ?? '');
  const [attachments, setAttachments] = useState<ComposeAttachment[]>([]);
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<SendFailure | null>(null);
  const mode: TransportMode = canDirect && direct ? 'direct' : 'email';
  // The channel the forwarded attachments were last copied for (or failed for); Send waits for it.
  const [forwardedFor, setForwardedFor] = useState<TransportMode | null>(null);
  const forwarding = forwardId !== undefined && forwardedFor !== mode;
  const uploading = forwarding || attachments.some((a) => a.id === null);
  // Send stays possible: the profile knows only the practice's own domain, and the server (which
  // keeps a Failed copy and says why) decides (docs/decisions/196).
  const toHint = mode === 'direct' ? outsideDirectHint(scope.person, to) : null;

  // A forward carries the original's attachments: the server copies them for the current channel,
  // and again after a switch of channel (which clears attachments), checked and removable like uploads.
  useEffect(() => {
    if (forwardId === undefined) return;
    let current = true;
    forwardAttachments(client, scope.patientId, forwardId, mode)
      .then((copies) => {
        if (!current) return;
        setAttachments((list) => [
          ...list.filter((a) => !isForwarded(a)),
          ...copies.map((copy) => ({
            clientId: `forward-${copy.id}`,
            key: `forward:${copy.id}`,
            name: copy.name,
            id: copy.id,
            mimeType: copy.mimeType,
            progress: 1,
            checked: true,
            failed: false,
          })),
        ]);
      })
      .catch((error: unknown) => {
        if (current) setFailure({ message: errorMessage(error, t('messages.forwardAttachmentsFailed')) });
      })
      .finally(() => {
        if (current) setForwardedFor(mode);
      });
    return () => {
      current = false;
    };
  }, [client, forwardId, mode, scope.patientId]);

  const validate = (): Errors => ({
    ...(isAddressValid(to) ? {} : { to: t('messages.addressNotValid') }),
    ...(subject.trim() === '' ? { subject: t('messages.subjectRequired') } : {}),
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validate();
    setErrors(found);
    if (found.to || found.subject) {
      document.getElementById(found.to ? 'compose-to' : 'compose-subject')?.focus();
      return;
    }
    try {
      const copy = await send.mutateAsync({
        mode,
        to: to.trim(),
        subject: subject.trim(),
        content,
        attachmentIds: attachments.filter((a) => a.checked && a.id !== null).map((a) => a.id as number),
      });
      // Refused on the way out (e.g. Direct to another domain with no HISP set up): said now, not
      // found later in Failed; the form keeps everything so the patient can change the address or channel.
      const refused = notSent(copy);
      if (refused) setFailure(refused);
      else await navigate(`${scope.base}/inbox`);
    } catch (error) {
      // Spec 002 §4 "Sending": the server's words under the field they name, or in the failure
      // modal; the form keeps everything typed.
      const refusal = serverRefusal(error, ['to', 'subject'] as const);
      setErrors(refusal.fields);
      if (refusal.fields.to || refusal.fields.subject)
        document.getElementById(refusal.fields.to ? 'compose-to' : 'compose-subject')?.focus();
      if (refusal.reason !== null) setFailure({ message: refusal.reason });
    }
  };

  const setters = { to: setTo, subject: setSubject, content: setContent };
  const change = (field: keyof MessageFieldValues, value: string) => {
    setters[field](value);
    if (field !== 'content' && errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const title =
    action === 'reply'
      ? t('messages.replyTitle')
      : action === 'forward'
        ? t('messages.forwardTitle')
        : t('messages.composeTitle');

  return (
    <SectionCard title={title} testId="compose">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="sm">
          {scope.person?.directAddress && (
            <TextInput
              label={t('messages.from')}
              value={scope.person.directAddress}
              readOnly
              variant="filled"
              data-testid="compose-from"
            />
          )}
          {canDirect && (
            <Checkbox
              label={t('messages.directMessage')}
              description={direct ? t('messages.directHint') : t('messages.emailHint')}
              checked={direct}
              onChange={(event) => {
                setDirect(event.currentTarget.checked);
                // Spec 002 §2: the two transports keep attachments apart, so a switch clears them.
                setAttachments([]);
              }}
              data-testid="compose-direct"
            />
          )}
          <MessageFields
            idPrefix="compose"
            values={{ to, subject, content }}
            errors={errors}
            onChange={change}
            toHint={toHint}
            contentRows={10}
          />
          <AttachmentsField
            patientId={scope.patientId}
            mode={mode}
            value={attachments}
            onChange={setAttachments}
          />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={() => void navigate(-1)} data-testid="compose-cancel">
              {t('messages.cancel')}
            </Button>
            <Button
              type="submit"
              loading={send.isPending}
              disabled={uploading}
              leftSection={<IconSend size={16} aria-hidden />}
              data-testid="compose-send"
            >
              {t('messages.send')}
            </Button>
          </Group>
        </Stack>
      </form>
      <SendFailureModal failure={failure} onClose={() => setFailure(null)} />
    </SectionCard>
  );
}
