import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Checkbox, FileButton, Group, Progress, Stack, Text } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import { errorMessage, useApiClient } from '../../../lib/api';
import { t } from '../../../lib/i18n';
import { uploadAttachment, type TransportMode } from '../api/messages';
import { CheckedType } from './checked-type';
import { acceptAttribute, checkFiles, fileKey, fileNotices, noticeMs } from '../format';

export interface ComposeAttachment {
  /** Client-generated (spec 002 §3). */
  clientId: string;
  /** Name plus last-modified time: the same file cannot be added twice. */
  key: string;
  name: string;
  /** The registered file's id once uploaded. */
  id: number | null;
  /** The type the server checked the content as, once registered. */
  mimeType: string | null;
  progress: number;
  checked: boolean;
  failed: boolean;
}

interface AttachmentsFieldProps {
  patientId: number;
  mode: TransportMode;
  value: ComposeAttachment[];
  onChange: (update: (current: ComposeAttachment[]) => ComposeAttachment[]) => void;
}

let nextId = 0;

/**
 * Spec 002 §4 "Attachment upload": each accepted file gets an upload address, is PUT with a progress
 * bar, is registered (dms/file/add) and is then a checked checkbox. Duplicates, oversized files and
 * types outside the list are refused with a notice that vanishes after 5 s.
 */
export function AttachmentsField({ patientId, mode, value, onChange }: AttachmentsFieldProps) {
  const client = useApiClient();
  const [notices, setNotices] = useState<Array<{ id: number; text: string }>>([]);
  const resetRef = useRef<() => void>(null);
  const timers = useRef<number[]>([]);

  useEffect(() => () => timers.current.forEach((timer) => window.clearTimeout(timer)), []);

  const notify = (texts: string[]) => {
    const added = texts.map((text) => ({ id: ++nextId, text }));
    setNotices((current) => [...current, ...added]);
    for (const notice of added) {
      timers.current.push(
        window.setTimeout(() => setNotices((current) => current.filter((n) => n.id !== notice.id)), noticeMs),
      );
    }
  };

  const add = (files: File[]) => {
    resetRef.current?.();
    const check = checkFiles(files, new Set(value.map((a) => a.key)));
    notify(fileNotices(check));
    for (const file of check.accepted) {
      const clientId = `a${++nextId}`;
      const entry: ComposeAttachment = {
        clientId,
        key: fileKey(file),
        name: file.name,
        id: null,
        mimeType: null,
        progress: 0,
        checked: false,
        failed: false,
      };
      onChange((current) => [...current, entry]);
      const patch = (change: Partial<ComposeAttachment>) =>
        onChange((current) => current.map((a) => (a.clientId === clientId ? { ...a, ...change } : a)));
      uploadAttachment(client, patientId, mode, file, (progress) => patch({ progress }))
        .then(({ id, mimeType }) => patch({ id, mimeType, progress: 1, checked: true }))
        .catch((error: unknown) => {
          onChange((current) => current.filter((a) => a.clientId !== clientId));
          // The server's reason when it refused the file (its content, its size), else the generic notice.
          notify([errorMessage(error, t('messages.uploadFailed', { name: file.name }))]);
        });
    }
  };

  return (
    <Stack gap="xs" data-testid="compose-attachments">
      <Group gap="sm" align="center">
        <FileButton onChange={add} multiple accept={acceptAttribute} resetRef={resetRef}>
          {(props) => (
            <Button
              {...props}
              variant="default"
              leftSection={<IconPaperclip size={16} aria-hidden />}
              data-testid="compose-add-attachment"
            >
              {t('messages.addAttachment')}
            </Button>
          )}
        </FileButton>
        <Text size="sm" c="dimmed">
          {t('messages.attachmentHint')}
        </Text>
      </Group>
      <div aria-live="polite" data-testid="attachment-notices">
        {notices.map((notice) => (
          <Alert key={notice.id} color="red" variant="light" py={6} mb={4} data-testid="attachment-notice">
            {notice.text}
          </Alert>
        ))}
      </div>
      {value.map((attachment) =>
        attachment.id === null ? (
          <Stack key={attachment.clientId} gap={2} data-testid="attachment-uploading">
            <Text size="sm">{t('messages.uploading', { name: attachment.name })}</Text>
            <Progress
              value={Math.round(attachment.progress * 100)}
              aria-label={t('messages.uploading', { name: attachment.name })}
              data-testid="attachment-progress"
              animated
            />
          </Stack>
        ) : (
          <Group key={attachment.clientId} gap="xs" wrap="nowrap" align="flex-start">
            <Checkbox
              label={<bdi>{attachment.name}</bdi>}
              checked={attachment.checked}
              onChange={(event) => {
                const checked = event.currentTarget.checked;
                onChange((current) =>
                  current.map((a) => (a.clientId === attachment.clientId ? { ...a, checked } : a)),
                );
              }}
              aria-describedby={`${attachment.clientId}-type`}
              styles={{ label: { overflowWrap: 'anywhere' } }}
              data-testid="attachment-checkbox"
            />
            <CheckedType mimeType={attachment.mimeType} id={`${attachment.clientId}-type`} />
          </Group>
        ),
      )}
    </Stack>
  );
}
