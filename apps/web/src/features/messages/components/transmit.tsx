import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import {
  appRoutes,
  exportCcdaResponse,
  exportEndOf,
  exportStartOf,
  healthSummaryFileName,
  isExportRangeInvalid,
  parseUsDay,
} from '@dermis/contract';
import { Button, Group, Radio, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconFileZip, IconSend } from '@tabler/icons-react';
import { ErrorModal } from '../../../components/error-modal';
import { SectionCard } from '../../../components/section-card';
import { isApiError, useApiClient } from '../../../lib/api';
import { t } from '../../../lib/i18n';
import { useTransmit, type TransportMode } from '../api/messages';
import { isAddressValid, sendFailureText } from '../format';
import { MessageFields, type MessageFieldValues } from './message-fields';
import { directAvailable, useMessagesScope } from './messages-context';

interface Failure {
  title?: string;
  message: string;
}

/** A date as typed: empty is no bound; anything else must be a strict MM/DD/YYYY day. */
const dateError = (value: string) =>
  value.trim() === '' || parseUsDay(value) ? undefined : t('messages.dateInvalid');

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
  const fullName = scope.person ? `${scope.person.firstName} ${scope.person.lastName}` : '';
  const [subject, setSubject] = useState(t('messages.transmitSubject'));
  const [content, setContent] = useState(fullName ? t('messages.transmitContent', { name: fullName }) : '');
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [failure, setFailure] = useState<Failure | null>(null);
  const [busy, setBusy] = useState(false);

  const validStart = parseUsDay(start) ? start.trim() : '';
  const validEnd = parseUsDay(end) ? end.trim() : '';
  const attachmentName = healthSummaryFileName(fullName, validStart, validEnd);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = {
      start: dateError(start),
      end:
        dateError(end) ??
        (isExportRangeInvalid(validStart, validEnd) ? t('messages.rangeInvalid') : undefined),
      to: isAddressValid(to) ? undefined : t('messages.addressNotValid'),
      subject: subject.trim() === '' ? t('messages.subjectRequired') : undefined,
    };
    setErrors(found);
    const first = (['start', 'end', 'to', 'subject'] as const).find((key) => found[key]);
    if (first) {
      document.getElementById(`transmit-${first}`)?.focus();
      return;
    }
    const range = {
      ...(exportStartOf(validStart) ? { startDate: exportStartOf(validStart) } : {}),
      ...(exportEndOf(validEnd) ? { endDate: exportEndOf(validEnd) } : {}),
    };
    setBusy(true);
    try {
      const check = await client
        .request(client.appUrl(appRoutes.exportCcdaByFilter), {
          method: 'POST',
          body: { patientId: scope.patientId, action: 'TRANSMIT_VALIDATION', ...range },
          schema: exportCcdaResponse,
        })
        .catch((error: unknown) => {
          if (isApiError(error) && error.code === 'NO_DATA') return null;
          throw error;
        });
      if (!check || check.ccdaEncounterInfoList.length === 0) {
        setFailure({ title: t('messages.notAvailableTitle'), message: t('messages.notAvailable') });
        return;
      }
      await send.mutateAsync({
        mode,
        to: to.trim(),
        subject: subject.trim(),
        content,
        ...range,
        ccdaAttachmentName: healthSummaryFileName(check.patientFullName || fullName, validStart, validEnd),
      });
      await navigate(`${scope.base}/inbox`);
    } catch (error) {
      setFailure({ message: sendFailureText(error) });
    } finally {
      setBusy(false);
    }
  };

  const clear = (key: string) => errors[key] && setErrors((e) => ({ ...e, [key]: undefined }));
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
      <ErrorModal
        message={failure?.message ?? null}
        title={failure?.title}
        onClose={() => setFailure(null)}
        testId="transmit-failure"
      />
    </SectionCard>
  );
}
