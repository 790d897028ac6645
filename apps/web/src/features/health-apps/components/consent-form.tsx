import { useState, type FormEvent } from 'react';
import type { HealthAppAuthorizationResponse } from '@dermis/contract';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Paper,
  Radio,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
} from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { serverRefusal } from '../../../lib/api';
import { t } from '../../../lib/i18n';
import { useApproveHealthApp, useDenyHealthApp } from '../api/authorization';
import { inReadingOrder, resourceTypeText } from '../resource-types';
import { defaultPatientId, patientLabel } from '../patients';

type Field = 'inviteCode' | 'patientId' | 'resourceTypes';
const fields: readonly Field[] = ['inviteCode', 'patientId', 'resourceTypes'];

interface ConsentFormProps {
  uid: string;
  request: HealthAppAuthorizationResponse;
  /** Where the browser goes after Allow or Deny (window.location.assign; a prop so tests can see it). */
  leave: (address: string) => void;
}

/**
 * The patient's answer to a health app: whose record, which kinds of information (each may be
 * unchecked), the invite code when the app first connects to that record, then Allow or Deny. A
 * refusal is shown in the server's words, under the field it names; nothing typed is lost.
 */
export function ConsentForm({ uid, request, leave }: ConsentFormProps) {
  const approve = useApproveHealthApp();
  const deny = useDenyHealthApp();
  const [patientId, setPatientId] = useState(() => defaultPatientId(request.patients));
  const [resourceTypes, setResourceTypes] = useState<string[]>(request.resourceTypes);
  const [inviteCode, setInviteCode] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [reason, setReason] = useState<string | null>(null);
  // Set once the server answered with the way back: the page is being left, so nothing is pressed twice.
  const [leaving, setLeaving] = useState(false);
  const app = request.app.name;
  // The code is asked for the chosen record only when the app is not connected to it yet.
  const chosen = request.patients.find((patient) => patient.patientId === patientId);
  const inviteRequired = chosen?.inviteRequired ?? request.inviteRequired;
  const busy = approve.isPending || deny.isPending || leaving;

  function refused(error: unknown) {
    const refusal = serverRefusal(error, fields);
    setErrors(refusal.fields);
    setReason(refusal.reason);
  }

  function go(redirectTo: string) {
    setLeaving(true);
    leave(redirectTo);
  }

  function allow(event: FormEvent) {
    event.preventDefault();
    const missing: Partial<Record<Field, string>> = {};
    if (resourceTypes.length === 0) missing.resourceTypes = t('connectedApps.authorize.noneChosen');
    if (inviteRequired && inviteCode.trim() === '')
      missing.inviteCode = t('connectedApps.authorize.inviteCodeRequired');
    setErrors(missing);
    setReason(null);
    if (Object.keys(missing).length > 0 || patientId === null) return;
    approve.mutate(
      {
        uid,
        patientId,
        // In the order the app asked for them, whatever order they were checked in.
        resourceTypes: request.resourceTypes.filter((type) => resourceTypes.includes(type)),
        ...(inviteRequired ? { inviteCode: inviteCode.trim() } : {}),
      },
      { onSuccess: (answer) => go(answer.redirectTo), onError: refused },
    );
  }

  function refuse() {
    setErrors({});
    setReason(null);
    deny.mutate({ uid }, { onSuccess: (answer) => go(answer.redirectTo), onError: refused });
  }

  const single = request.patients.length === 1 ? request.patients[0] : undefined;
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} maw={640}>
      <form noValidate onSubmit={allow} aria-label={t('page.authorizeApp')}>
        <Stack gap="lg">
          <Text>{t('connectedApps.authorize.intro')}</Text>
          {single && (
            <Text fw={700} data-testid="consent-single-patient">
              {t('connectedApps.authorize.recordOf', { name: patientLabel(single) })}
            </Text>
          )}
          {request.patients.length > 1 && (
            <Radio.Group
              label={t('connectedApps.authorize.whose')}
              description={t('connectedApps.authorize.whoseHint')}
              value={patientId === null ? null : String(patientId)}
              onChange={(value) => {
                setPatientId(Number(value));
                setErrors({});
              }}
              error={errors.patientId}
            >
              <Stack gap="xs" mt="xs">
                {request.patients.map((patient) => (
                  <Radio
                    key={patient.patientId}
                    value={String(patient.patientId)}
                    label={patientLabel(patient)}
                    disabled={busy}
                  />
                ))}
              </Stack>
            </Radio.Group>
          )}
          <Checkbox.Group
            label={t('connectedApps.authorize.asks', { app })}
            description={t('connectedApps.authorize.asksHint')}
            value={resourceTypes}
            onChange={setResourceTypes}
            error={errors.resourceTypes}
            data-testid="consent-resource-types"
          >
            <Stack gap="xs" mt="xs">
              {inReadingOrder(request.resourceTypes).map((type) => (
                <Checkbox key={type} value={type} label={resourceTypeText(type)} disabled={busy} />
              ))}
            </Stack>
          </Checkbox.Group>
          {request.offlineAccess && (
            <Group gap="sm" wrap="nowrap" align="flex-start" data-testid="consent-offline">
              <ThemeIcon variant="light" radius="xl" aria-hidden>
                <IconRefresh size={18} />
              </ThemeIcon>
              <div>
                <Text fw={700}>{t('connectedApps.authorize.offline')}</Text>
                <Text size="sm" c="dimmed">
                  {t('connectedApps.authorize.offlineHint')}
                </Text>
              </div>
            </Group>
          )}
          {inviteRequired && (
            <TextInput
              id="health-app-invite-code"
              label={t('connectedApps.authorize.inviteCode')}
              description={t('connectedApps.authorize.inviteCodeHint')}
              autoComplete="off"
              spellCheck={false}
              maw={320}
              value={inviteCode}
              onChange={(event) => setInviteCode(event.currentTarget.value)}
              error={errors.inviteCode}
              readOnly={busy}
            />
          )}
          {/* Mantine's Alert, not MessageBanners: sharing that module with this page split it from
              the sign-in form's chunk, which cost /login a script and its JavaScript budget. */}
          {reason && (
            <Alert color="red" variant="light">
              {reason}
            </Alert>
          )}
          {leaving && (
            <Alert color="blue" variant="light" role="status">
              {t('connectedApps.authorize.redirecting', { app })}
            </Alert>
          )}
          <Group gap="sm">
            <Button type="submit" loading={approve.isPending} disabled={busy && !approve.isPending}>
              {t('connectedApps.authorize.allow')}
            </Button>
            <Button
              variant="default"
              onClick={refuse}
              loading={deny.isPending}
              disabled={busy && !deny.isPending}
            >
              {t('connectedApps.authorize.deny')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
