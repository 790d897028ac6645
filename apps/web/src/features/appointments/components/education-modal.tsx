import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { AppModal } from '../../../components/app-modal';
import { t } from '../../../lib/i18n';

export interface EducationContent {
  text: string;
  note: string | null;
  /** The visit's date as shown on the page. */
  date: string;
}

/**
 * Prints the text alone (spec 002 §2): a new window holding only the title and the text, built with
 * DOM calls (the text is never parsed as HTML), then the browser's print dialog.
 */
export function printEducation(content: EducationContent): boolean {
  const win = window.open('', '_blank');
  if (!win) return false;
  const doc = win.document;
  const title = t('education.printTitle', { date: content.date });
  doc.title = title;
  const heading = doc.createElement('h1');
  heading.textContent = title;
  heading.style.font = '600 1.4rem system-ui, sans-serif';
  const body = doc.createElement('div');
  body.textContent = content.text;
  body.style.whiteSpace = 'pre-wrap';
  body.style.font = '1rem/1.5 system-ui, sans-serif';
  doc.body.append(heading, body);
  if (content.note) {
    const noteHeading = doc.createElement('h2');
    noteHeading.textContent = t('education.note');
    noteHeading.style.font = '600 1.1rem system-ui, sans-serif';
    const note = doc.createElement('div');
    note.textContent = content.note;
    note.style.whiteSpace = 'pre-wrap';
    note.style.font = '1rem/1.5 system-ui, sans-serif';
    doc.body.append(noteHeading, note);
  }
  win.focus();
  win.print();
  return true;
}

/** Spec 002 §2 "Patient Education modal": the full text and a Print button. */
export function EducationModal({
  content,
  onClose,
}: {
  content: EducationContent | null;
  onClose: () => void;
}) {
  return (
    <AppModal
      opened={content !== null}
      onClose={onClose}
      title={t('education.title')}
      size="lg"
      testId="education-modal"
    >
      {content && (
        <Stack gap="md">
          <Text c="dimmed" size="sm">
            {t('appointments.visitOn', { date: content.date })}
          </Text>
          <Text style={{ whiteSpace: 'pre-wrap' }} data-testid="education-text">
            {content.text}
          </Text>
          {content.note && (
            <Stack gap={4}>
              <Title order={3} size="h5">
                {t('education.note')}
              </Title>
              <Text style={{ whiteSpace: 'pre-wrap' }}>{content.note}</Text>
            </Stack>
          )}
          <Group justify="flex-end">
            <Button
              leftSection={<IconPrinter size={18} aria-hidden />}
              onClick={() => printEducation(content)}
              data-autofocus
            >
              {t('education.print')}
            </Button>
          </Group>
        </Stack>
      )}
    </AppModal>
  );
}
