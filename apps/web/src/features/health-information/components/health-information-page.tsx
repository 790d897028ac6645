import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import dayjs from 'dayjs';
import {
  en,
  exportEndOf,
  exportStartOf,
  findEthnicity,
  findRace,
  isExportRangeInvalid,
  type CcdaEncounterInfo,
  type ExportAction,
  type HealthInfoResponse,
  type MessageKey,
} from '@dermis/contract';
import { Anchor, Button, Code, Grid, List, SimpleGrid, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconExternalLink, IconEye, IconFileCode, IconFileTypePdf, IconSend } from '@tabler/icons-react';
import { DayPicker } from '../../../components/day-picker';
import { EmptyState } from '../../../components/empty-state';
import { ErrorModal } from '../../../components/error-modal';
import { SectionCard } from '../../../components/section-card';
import { ListSkeleton } from '../../../components/skeletons';
import { isApiError } from '../../../lib/api';
import { t } from '../../../lib/i18n';
import { raceEthnicityName } from '../../../lib/i18n/reference-names';
import { useExportCcda, useFhirInviteCode, useHealthInfo } from '../api/health-information';
import { RecordCards } from './record-cards';
import { SummaryLines, SummaryList } from './summary-list';
import { base64ToBlob, saveBlob } from '../download';
import { smokingStatusText } from '../smoking-status';

const isoDay = 'YYYY-MM-DD';
const usDay = 'MM/DD/YYYY';
const toUs = (iso: string | null) => (iso ? dayjs(iso, isoDay).format(usDay) : null);
const shownDate = (value: string) => dayjs(value.slice(0, 10), isoDay).format(usDay);

interface HealthInformationProps {
  patientId: number;
  /** Spec 000 §6: FHIR features need hasFhirPermission and patientFhirInvite. */
  fhirAllowed: boolean;
  /** Where Transmit goes: /messages/transmit, or /{responsibleId}/messages/transmit. */
  transmitPath: string;
  /** Where the apps using the FHIR address are managed: /account/connected-apps or /{responsibleId}/connected-apps. */
  connectedAppsPath: string;
}

interface Failure {
  title?: string;
  message: string;
}

function EncounterList({ patientId, encounters }: { patientId: number; encounters: CcdaEncounterInfo[] }) {
  if (encounters.length === 0)
    return <EmptyState message={t('healthInfo.listEmpty')} testId="health-info-encounters-empty" />;
  return (
    <List listStyleType="none" spacing="xs" data-testid="health-info-encounters">
      {encounters.map((e) => {
        const date = shownDate(e.encounterDateOfService);
        return (
          <List.Item key={e.encounterId}>
            <Anchor
              href={`/health-information/view/${patientId}/${e.encounterId}`}
              target="_blank"
              rel="noopener"
              data-testid="health-info-encounter"
            >
              <IconExternalLink size={14} aria-hidden style={{ verticalAlign: 'middle', marginRight: 4 }} />
              {date}
              {/* Named by the date it shows, then what it opens: label in name (WCAG 2.5.3). */}
              <VisuallyHidden>{t('healthInfo.openEncounter')}</VisuallyHidden>
            </Anchor>
            {(e.clinicName || e.providerNames.length > 0) && (
              <Text size="sm" c="dimmed">
                {[e.providerNames.join(', '), e.clinicName].filter(Boolean).join(' · ')}
              </Text>
            )}
          </List.Item>
        );
      })}
    </List>
  );
}

function Section({ title, items, testId }: { title: string; items: string[]; testId: string }) {
  return (
    <SectionCard title={title} testId={testId}>
      <SummaryLines items={items} />
    </SectionCard>
  );
}

function Demographics({ info }: { info: HealthInfoResponse }) {
  const d = info.demographics;
  const genderKey = `profile.gender.${d.gender}`;
  const missing = t('healthInfo.notAvailable');
  const names = (codes: string[], find: (c: string) => { id: string; name: string } | undefined) =>
    codes
      .map((c) => {
        const found = find(c);
        return found ? raceEthnicityName(found) : c;
      })
      .join(', ') || missing;
  let language = missing;
  if (d.preferredLanguageIsoCode) {
    try {
      language =
        new Intl.DisplayNames([document.documentElement.lang || 'en'], { type: 'language' }).of(
          d.preferredLanguageIsoCode,
        ) ?? d.preferredLanguageIsoCode;
    } catch {
      language = d.preferredLanguageIsoCode;
    }
  }
  const rows: [string, string][] = [
    [t('healthInfo.name'), `${d.firstName} ${d.lastName}`],
    [t('healthInfo.dateOfBirth'), shownDate(d.dateOfBirth)],
    [t('healthInfo.gender'), genderKey in en ? t(genderKey as MessageKey) : d.gender],
    [t('healthInfo.language'), language],
    [t('healthInfo.race'), names(d.races, findRace)],
    [t('healthInfo.ethnicity'), names(d.ethnicities, findEthnicity)],
  ];
  return (
    <SectionCard title={t('healthInfo.section.demographics')} testId="health-info-demographics">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" component="dl" m={0}>
        {rows.map(([label, value]) => (
          <div key={label}>
            <Text component="dt" size="sm" c="dimmed">
              {label}
            </Text>
            <Text component="dd" m={0} fw={500}>
              {value}
            </Text>
          </div>
        ))}
      </SimpleGrid>
    </SectionCard>
  );
}

interface FhirBlockProps {
  patientId: number;
  connectedAppsPath: string;
  onFailure: (failure: Failure) => void;
}

function FhirBlock({ patientId, connectedAppsPath, onFailure }: FhirBlockProps) {
  const invite = useFhirInviteCode(patientId, true);
  const [reported, setReported] = useState(false);
  if (invite.isError && !reported) {
    setReported(true);
    const error = invite.error;
    onFailure(
      isApiError(error) && error.code === 'DA01'
        ? { title: t('healthInfo.fhir.errorTitle', { code: 'DA01' }), message: error.message }
        : { message: t('error.generic') },
    );
  }
  return (
    <SectionCard title={t('healthInfo.fhir.title')} testId="health-info-fhir">
      <Text size="sm">{t('healthInfo.fhir.intro')}</Text>
      {invite.isPending && <ListSkeleton rows={2} />}
      {invite.data && (
        <SimpleGrid cols={{ base: 1, sm: 2 }} component="dl" m={0}>
          <div>
            <Text component="dt" size="sm" c="dimmed">
              {t('healthInfo.fhir.url')}
            </Text>
            <Text component="dd" m={0} style={{ wordBreak: 'break-all' }}>
              <Code data-testid="health-info-fhir-url">{invite.data.url}</Code>
            </Text>
          </div>
          <div>
            <Text component="dt" size="sm" c="dimmed">
              {t('healthInfo.fhir.code')}
            </Text>
            <Text component="dd" m={0}>
              <Code fz="lg" data-testid="health-info-fhir-code">
                {invite.data.code}
              </Code>
            </Text>
          </div>
        </SimpleGrid>
      )}
      <Anchor component={Link} to={connectedAppsPath} data-testid="health-info-connected-apps">
        {t('connectedApps.manage')}
      </Anchor>
    </SectionCard>
  );
}

/**
 * Spec 001 §2 "Health Information page": the From/To pickers and the four actions in the sidebar,
 * the FHIR block (with permission) and the five sections in the main column.
 */
export function HealthInformation({
  patientId,
  fhirAllowed,
  transmitPath,
  connectedAppsPath,
}: HealthInformationProps) {
  const info = useHealthInfo(patientId);
  const exporter = useExportCcda(patientId);
  const navigate = useNavigate();
  const [from, setFrom] = useState<string | null>(null);
  const [to, setTo] = useState<string | null>(null);
  const [encounters, setEncounters] = useState<CcdaEncounterInfo[] | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [pending, setPending] = useState<ExportAction | null>(null);
  const [saved, setSaved] = useState<string | null>(null);

  const start = toUs(from);
  const end = toUs(to);
  const invalid = isExportRangeInvalid(start, end);
  // The sections follow the same From/To as the export; an invalid range keeps the last valid one.
  const [range, setRange] = useState<{ from?: string; to?: string }>({});
  const wanted = { from: exportStartOf(start), to: exportEndOf(end) };
  if (!invalid && (wanted.from !== range.from || wanted.to !== range.to)) setRange(wanted);
  const showing =
    range.from && range.to
      ? t('record.showing.between', { from: start ?? '', to: end ?? '' })
      : range.from
        ? t('record.showing.from', { from: start ?? '' })
        : range.to
          ? t('record.showing.to', { to: end ?? '' })
          : t('record.showing.all');

  const unavailable = () =>
    setFailure({ title: t('healthInfo.notAvailableTitle'), message: t('healthInfo.unavailable') });

  const run = async (action: ExportAction) => {
    if (invalid) return;
    setPending(action);
    setSaved(null);
    try {
      const result = await exporter.mutateAsync({
        action,
        ...(exportStartOf(start) ? { startDate: exportStartOf(start) } : {}),
        ...(exportEndOf(end) ? { endDate: exportEndOf(end) } : {}),
      });
      if (action === 'VIEW') setEncounters(result.ccdaEncounterInfoList);
      if (action === 'DOWNLOAD_CCDA' && result.xml) {
        saveBlob(base64ToBlob(result.xml, 'application/xml'), result.fileName);
        setSaved(result.fileName);
      }
      if (action === 'DOWNLOAD_PDF' && result.pdf) {
        saveBlob(base64ToBlob(result.pdf, 'application/pdf'), result.fileName);
        setSaved(result.fileName);
      }
      if (action === 'TRANSMIT_VALIDATION') {
        if (result.ccdaEncounterInfoList.length === 0) {
          unavailable();
        } else {
          const query = new URLSearchParams();
          if (start) query.set('startDate', start);
          if (end) query.set('endDate', end);
          const search = query.toString();
          await navigate(search ? `${transmitPath}?${search}` : transmitPath);
        }
      }
    } catch (error) {
      if (isApiError(error) && error.code === 'NO_DATA') unavailable();
      else setFailure({ message: t('error.generic') });
    } finally {
      setPending(null);
    }
  };

  const actions: { action: ExportAction; label: string; icon: typeof IconEye; testId: string }[] = [
    { action: 'VIEW', label: t('healthInfo.view'), icon: IconEye, testId: 'health-info-view' },
    {
      action: 'DOWNLOAD_CCDA',
      label: t('healthInfo.downloadCcda'),
      icon: IconFileCode,
      testId: 'health-info-ccda',
    },
    {
      action: 'DOWNLOAD_PDF',
      label: t('healthInfo.downloadPdf'),
      icon: IconFileTypePdf,
      testId: 'health-info-pdf',
    },
    {
      action: 'TRANSMIT_VALIDATION',
      label: t('healthInfo.transmit'),
      icon: IconSend,
      testId: 'health-info-transmit',
    },
  ];

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>
        <Stack gap="md">
          <SectionCard title={t('healthInfo.sidebar')} testId="health-info-sidebar">
            <DayPicker
              label={t('healthInfo.from')}
              value={from}
              onChange={setFrom}
              format={usDay}
              hint={t('healthInfo.dateHint')}
              error={invalid ? t('healthInfo.rangeInvalid') : undefined}
              testId="health-info-from"
            />
            <DayPicker
              label={t('healthInfo.to')}
              value={to}
              onChange={setTo}
              format={usDay}
              hint={t('healthInfo.dateHint')}
              testId="health-info-to"
            />
            <Stack gap="xs" mt="xs">
              {actions.map(({ action, label, icon: Icon, testId }) => (
                <Button
                  key={action}
                  variant={action === 'VIEW' ? 'filled' : 'light'}
                  justify="flex-start"
                  leftSection={<Icon size={18} aria-hidden />}
                  disabled={invalid || (pending !== null && pending !== action)}
                  loading={pending === action}
                  onClick={() => void run(action)}
                  data-testid={testId}
                >
                  {label}
                </Button>
              ))}
            </Stack>
            <Text size="sm" c="dimmed" role="status" data-testid="health-info-saved">
              {saved ? t('healthInfo.downloaded', { name: saved }) : ''}
            </Text>
          </SectionCard>
          {encounters && (
            <SectionCard title={t('healthInfo.encounters')} order={2} testId="health-info-encounter-list">
              {encounters.length > 0 && (
                <Text size="sm" c="dimmed">
                  {t('healthInfo.encountersHint')}
                </Text>
              )}
              <EncounterList patientId={patientId} encounters={encounters} />
            </SectionCard>
          )}
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
        <Stack gap="md">
          {fhirAllowed && (
            <FhirBlock patientId={patientId} connectedAppsPath={connectedAppsPath} onFailure={setFailure} />
          )}
          {info.isPending && <ListSkeleton rows={8} />}
          {info.isError && <Text role="alert">{t('healthInfo.fetchFailed')}</Text>}
          {info.data && (
            <>
              <Demographics info={info.data} />
              <SummaryList
                patientId={patientId}
                list="allergies"
                first={info.data}
                lines={(data) => data.allergies.map((a) => a.name)}
                title={t('healthInfo.section.allergies')}
                testId="health-info-allergies"
              />
              <SummaryList
                patientId={patientId}
                list="medicalProblems"
                first={info.data}
                lines={(data) =>
                  data.medicalProblems.map((p) =>
                    p.dateDiagnosed
                      ? `${p.name} (${t('healthInfo.diagnosed', { date: shownDate(p.dateDiagnosed) })})`
                      : p.name,
                  )
                }
                title={t('healthInfo.section.problems')}
                testId="health-info-problems"
              />
              <SummaryList
                patientId={patientId}
                list="medications"
                first={info.data}
                lines={(data) => data.medications.map((m) => m.name)}
                title={t('healthInfo.section.medications')}
                testId="health-info-medications"
              />
              <Section
                title={t('healthInfo.section.smoking')}
                items={info.data.smokingStatusList.map((s) => smokingStatusText(s.name))}
                testId="health-info-smoking"
              />
            </>
          )}
          <Text size="sm" c="dimmed" role="status" data-testid="record-showing">
            {showing}
          </Text>
          <RecordCards patientId={patientId} range={range} />
        </Stack>
      </Grid.Col>
      <ErrorModal
        message={failure?.message ?? null}
        title={failure?.title}
        onClose={() => setFailure(null)}
        testId="health-info-error"
      />
    </Grid>
  );
}
