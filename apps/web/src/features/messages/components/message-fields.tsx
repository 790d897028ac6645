import { TextInput, Textarea } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { t } from '../../../lib/i18n';

export interface MessageFieldValues {
  to: string;
  subject: string;
  content: string;
}

interface MessageFieldsProps {
  /** Prefix of the fields' ids and test ids: a refused field is focused by id. */
  idPrefix: 'compose' | 'transmit';
  values: MessageFieldValues;
  errors: { to?: string; subject?: string };
  onChange: (field: keyof MessageFieldValues, value: string) => void;
  /** The patient left the To field (a hint about the address follows what was typed from then on). */
  /** A notice about the To address under the field (linked to it by aria-describedby). */
  toHint?: string | null;
  contentRows: number;
}

/** To, subject and message: the part of a message the compose and transmit screens share. */
export function MessageFields({
  idPrefix,
  values,
  errors,
  onChange,
  toHint,
  contentRows,
}: MessageFieldsProps) {
  return (
    <>
      <TextInput
        id={`${idPrefix}-to`}
        label={t('messages.to')}
        type="email"
        autoComplete="email"
        required
        value={values.to}
        onChange={(event) => onChange('to', event.currentTarget.value)}
        error={errors.to}
        // Under the field, where the patient looks after typing the address, in the text colour
        // with a mark: it tells of a message that would not go, not of the field's format.
        description={
          toHint ? (
            <>
              <IconInfoCircle size={14} aria-hidden style={{ verticalAlign: '-2px', marginInlineEnd: 4 }} />
              {toHint}
            </>
          ) : undefined
        }
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        descriptionProps={{ 'data-testid': `${idPrefix}-to-hint`, c: 'var(--mantine-color-text)' }}
        data-testid={`${idPrefix}-to`}
      />
      <TextInput
        id={`${idPrefix}-subject`}
        label={t('messages.subject')}
        required
        maxLength={255}
        value={values.subject}
        onChange={(event) => onChange('subject', event.currentTarget.value)}
        error={errors.subject}
        data-testid={`${idPrefix}-subject`}
      />
      <Textarea
        label={t('messages.content')}
        rows={contentRows}
        resize="vertical"
        value={values.content}
        onChange={(event) => onChange('content', event.currentTarget.value)}
        data-testid={`${idPrefix}-content`}
      />
    </>
  );
}
