import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import {
  healthInformationCalls,
  exportEndOf,
  exportStartOf,
  healthSummaryFileName,
  isExportRangeInvalid,
  parseUsDay,
} from '@dermis/contract';
import { Button, Group, Radio, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconFileZip, IconSend } from '@tabler/icons-react';
import { SectionCard } from '../../../components/section-card';
import { isApiError, serverRefusal, useApiClient } from '../../../lib/api';
import { t } from '../../../lib/i18n';
import { useTransmit, type TransportMode } from '../api/messages';
import { isAddressValid } from '../format';
import { MessageFields, type MessageFieldValues } from './message-fields';
import { directAvailable, outsideDirectHint, useMessagesScope } from './messages-context';
import { SendFailureModal, notSent, type SendFailure } from './send-failure';

/** A date as typed: empty is no bound; anything else must be a strict MM/DD/YYYY day. */
const dateError = (value: string) =>
  value.trim() === '' || parseUsDay(value) ? undefined : t('messages.dateInvalid');

/** The request fields the server may name in a refusal, and the form fields they belong to. */
const serverFields = ['startDate', 'endDate', 'to', 'subject'] as const;
type FieldErrors = Partial<Record<'start' | 'end' | 'to' | 'subject', string>>;

/** Focuses the first refused field, in the form's order; false when none was refused. */
function focusFirst(errors: FieldErrors): boolean {
  const first = (['start', 'end', 'to', 'subject'] as const).find((key) => errors[key]);
  if (first) document.getElementById(`transmit-${first}`)?.focus();
  return first !== undefined;
}

/**
 * /messages/transmit?startDate&endDate (spec 002 §2 "Transmit screen", §5 "Transmit dates",
 * "Health-summary attachment name", §4 "Transmit check"): the health summary ZIP by Direct or
 * e-mail. The range is checked (TRANSMIT_VALIDATION) before sending; an empty one opens 'Health
 * Information is not available'.
 */
export function Transmit({ startDate, endDate }: { startDate: string; endDate: string }) {
  const scope = useMessagesScope();
  const client = useApiClient();
  const navigate = useNavigate();
  const send = useTransmit(scope.patientId, scope.actingFor);
  const canDirect = directAvailable(scope.person);
  const [mode, setMode] = useState<TransportMode>(canDirect ? 'direct' : 'email');
  const [start, setStart] = useState(startDate);
  const [end, setEnd] = useState(endDate);
  const [to, setTo] = useState('');
  // Judged once the patient leaves the field, then as they type.
  const fullName = scope.person ? `${scope.person.firstName} ${scope.person.lastName}` : '';
  const [subject, setSubject] = useState(t('messages.transmitSubject'));
  const [content, setContent] = useState(fullName ? t('messages.transmitContent', { name: fullName }) : '');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<SendFailure | null>(null);
  const [busy, setBusy] = useState(false);

  const validStart = parseUsDay(start) ? start.trim() : '';
  const validEnd = parseUsDay(end) ? end.trim() : '';
  const attachmentName = healthSummaryFileName(fullName, validStart, validEnd);
  // A hint, not a block: the server decides and keeps a Failed copy with the reason (docs/decisions/196).
  const toHint = mode === 'direct' ? outsideDirectHint(scope.person, to) : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = {
      // Spec 001 §5: the start field carries the range rule, in the same words as Health Information.
      start:
        dateError(start) ??
        (isExportRangeInvalid(validStart, validEnd) ? t('healthInfo.rangeInvalid') : undefined),
      end: dateError(end),
      to: isAddressValid(to) ? undefined : t('messages.addressNotValid'),
      subject: subject.trim() === '' ? t('messages.subjectRequired') : undefined,
    };
    setErrors(found);
    if (focusFirst(found)) return;
    const range = {
      ...(exportStartOf(validStart) ? { startDate: exportStartOf(validStart) } : {}),
      ...(exportEndOf(validEnd) ? { endDate: exportEndOf(validEnd) } : {}),
    };
    setBusy(true);
    try {
      const check = await client
        .call(healthInformationCalls.exportCcda, {
          body: { patientId: scope.patientId, action: 'TRANSMIT_VALIDATION', ...range },
        })
        .catch((error: unknown) => {
          if (isApiError(error) && error.code === 'NO_DATA') return null;
          throw error;
        });
      if (!check || check.ccdaEncounterInfoList.length === 0) {
        setFailure({ title: t('messages.notAvailableTitle'), message: t('messages.notAvailable') });
        return;
      }
      const copy = await send.mutateAsync({
        mode,
        to: to.trim(),
        subject: subject.trim(),
        content,
        ...range,
        ccdaAttachmentName: healthSummaryFileName(check.patientFullName || fullName, validStart, validEnd),
      });
      // Refused on the way out (e.g. Direct to another domain with no HISP set up): said now.
      const refused = notSent(copy);
      if (refused) setFailure(refused);
      else await navigate(`${scope.base}/inbox`);
    } catch (error) {
      // The server's words under the field they name (the range under the start date), the rest in
      // the failure modal; the form keeps everything typed.
      const refusal = serverRefusal(error, serverFields);
      const placed = {
        start: refusal.fields.startDate,
        end: refusal.fields.endDate,
        to: refusal.fields.to,
        subject: refusal.fields.subject,
      };
      setErrors(placed);
      focusFirst(placed);
      if (refusal.reason !== null) setFailure({ message: refusal.reason });
    } finally {
      setBusy(false);
    }
  };

  const clear = (key: keyof FieldErrors) => errors[key] && setErrors((e) => ({ ...e, [key]: undefined }));
  const setters = { to: setTo, subject: setSubject, content: setContent };
  const change = (field: keyof MessageFieldValues, value: string) => {
    setters[field](value);
    if (field !== 'content') clear(field);
  };

  return (
    <SectionCard title={t('messages.transmitTitle')} testId="transmit">
      <Text>
        {scope.actingFor && fullName
          ? t('messages.transmitIntroFor', { name: fullName })
          : t('messages.transmitIntro')}
      </Text>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="sm">
          <Radio.Group
            label={t('messages.transmitBy')}
            value={mode}
            onChange={(value) => setMode(value === 'direct' ? 'direct' : 'email')}
            description={canDirect ? undefined : t('messages.transmitDirectUnavailable')}
          >
            <Group gap="lg" mt={4}>
              {canDirect && (
                <Radio value="direct" label={t('messages.transmitByDirect')} data-testid="transmit-direct" />
              )}
              <Radio value="email" label={t('messages.transmitByEmail')} data-testid="transmit-email" />
            </Group>
          </Radio.Group>
          {mode === 'direct' && scope.person?.directAddress && (
            <TextInput
              label={t('messages.from')}
              value={scope.person.directAddress}
              readOnly
              variant="filled"
            />
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              id="transmit-start"
              label={t('messages.startDate')}
              description={t('messages.dateFormat')}
              inputMode="numeric"
              value={start}
              onChange={(event) => {
                setStart(event.currentTarget.value);
                clear('start');
              }}
              error={errors.start}
              data-testid="transmit-start"
            />
            <TextInput
              id="transmit-end"
              label={t('messages.endDate')}
              description={t('messages.dateFormat')}
              inputMode="numeric"
              value={end}
              onChange={(event) => {
                setEnd(event.currentTarget.value);
                clear('end');
                // The range message sits under the start date but is about both.
                if (errors.start === t('healthInfo.rangeInvalid')) clear('start');
              }}
              error={errors.end}
              data-testid="transmit-end"
            />
          </SimpleGrid>
          <MessageFields
            idPrefix="transmit"
            values={{ to, subject, content }}
            errors={errors}
            onChange={change}
            toHint={toHint}
            contentRows={5}
          />
          <Group gap="xs" wrap="nowrap" data-testid="transmit-attachment">
            <IconFileZip size={18} aria-hidden />
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {t('messages.transmitAttachment', { name: attachmentName })}
            </Text>
          </Group>
          <Group justify="flex-end">
            <Button
              type="submit"
              loading={busy}
              leftSection={<IconSend size={16} aria-hidden />}
              data-testid="transmit-send"
            >
              {t('messages.send')}
            </Button>
          </Group>
        </Stack>
      </form>
      <SendFailureModal failure={failure} onClose={() => setFailure(null)} testId="transmit-failure" />
    </SectionCard>
  );
}
