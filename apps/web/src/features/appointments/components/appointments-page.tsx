import { useEffect, useMemo, useRef, useState } from 'react';
import { Anchor, Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCalendarPlus, IconSignature } from '@tabler/icons-react';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { EmptyState } from '../../../components/empty-state';
import { ShowMore, useNextPageFocus } from '../../../components/show-more';
import { ListSkeleton, TableSkeleton } from '../../../components/skeletons';
import { SectionCard } from '../../../components/section-card';
import { t, tPlural } from '../../../lib/i18n';
import { pastVisitsPageSize, upcomingVisitsPageSize } from '@dermis/contract';
import { usePastVisits, useUpcomingAppointments, type Appointment, type Consent } from '../api/appointments';
import { educationPreview, formatVisitDate, providerName, providersOf } from '../format';
import { calendarEventOf } from '../calendar-event';
import { buildVcs, downloadVcs } from '../vcs';
import { ConsentModal } from './consent-modal';
import { EducationModal, type EducationContent } from './education-modal';
import { ProviderDetails } from './provider-details';

function FetchError({ message, onRetry, testId }: { message: string; onRetry: () => void; testId: string }) {
  return (
    <Stack gap="xs" align="flex-start">
      <Text c="red.9" role="alert" data-testid={testId}>
        {message}
      </Text>
      <Button variant="default" size="xs" onClick={onRetry}>
        {t('appointments.tryAgain')}
      </Button>
    </Stack>
  );
}

function UpcomingAppointments({
  patientId,
  onSign,
}: {
  patientId: number;
  onSign: (consent: Consent) => void;
}) {
  const upcoming = useUpcomingAppointments(patientId);
  const shown = useMemo(() => upcoming.data?.pages.flatMap((page) => page.encounters) ?? [], [upcoming.data]);
  // After 'Show more', focus moves to the date of the first visit that appeared (decision 254).
  const { listRef, showMore } = useNextPageFocus(shown, '[data-testid="visit-date"]');
  if (upcoming.isPending)
    return <TableSkeleton rows={2} columns={3} label={t('appointments.loadingUpcoming')} />;
  if (upcoming.isError)
    return (
      <FetchError
        message={t('appointments.upcomingFailed')}
        onRetry={() => void upcoming.refetch()}
        testId="upcoming-error"
      />
    );
  const columns: DataTableColumn<Appointment>[] = [
    {
      key: 'doctor',
      header: t('appointments.doctor'),
      primary: true,
      cell: (visit) => <ProviderDetails visit={visit} />,
    },
    {
      key: 'date',
      header: t('appointments.date'),
      cell: (visit) => {
        const date = formatVisitDate(visit.dateOfService);
        return (
          <Stack gap={4} align="flex-start">
            <Text component="span" style={{ whiteSpace: 'nowrap' }} tabIndex={-1} data-testid="visit-date">
              {date}
            </Text>
            <Anchor
              component="button"
              type="button"
              size="sm"
              onClick={() => downloadVcs(buildVcs(calendarEventOf(visit, new Date())))}
              aria-label={t('appointments.importVcsOf', { date })}
              data-testid="import-vcs"
            >
              <Group gap={4} component="span" wrap="nowrap">
                <IconCalendarPlus size={16} aria-hidden />
                {t('appointments.importVcs')}
              </Group>
            </Anchor>
          </Stack>
        );
      },
    },
    {
      key: 'consents',
      header: t('appointments.consents'),
      cell: (visit) =>
        visit.unsignedConsents.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('appointments.noUnsignedConsents')}
          </Text>
        ) : (
          <List listStyleType="none" spacing={4} data-testid="unsigned-consents">
            {visit.unsignedConsents.map((item) => (
              <List.Item key={item.id}>
                <Anchor component="button" type="button" size="sm" onClick={() => onSign(item)}>
                  <Group gap={4} component="span" wrap="nowrap">
                    <IconSignature size={16} aria-hidden />
                    {t('appointments.signConsent', { title: item.title })}
                  </Group>
                </Anchor>
              </List.Item>
            ))}
          </List>
        ),
    },
  ];
  const total = upcoming.data.pages.at(-1)?.total ?? shown.length;
  return (
    <Stack gap="sm" ref={listRef}>
      <DataTable
        columns={columns}
        rows={shown}
        rowKey={(visit) => visit.id}
        label={t('appointments.upcoming')}
        testId="upcoming-appointments"
        empty={<EmptyState message={t('appointments.noUpcoming')} testId="upcoming-empty" />}
      />
      {/* Only a list longer than a page says how much is shown: a short one looks as it always did. */}
      {total > upcomingVisitsPageSize && (
        <ShowMore
          shown={tPlural('appointments.upcomingShownCount', total, { shown: shown.length, total })}
          label={t('appointments.showMoreUpcoming')}
          hasMore={upcoming.hasNextPage}
          loading={upcoming.isFetchingNextPage}
          failed={upcoming.isFetchNextPageError}
          onMore={() => showMore(upcoming.fetchNextPage)}
          testId="upcoming"
        />
      )}
    </Stack>
  );
}

function PastVisit({
  visit,
  onRead,
  headingRef,
}: {
  visit: Appointment;
  onRead: (content: EducationContent) => void;
  headingRef?: (element: HTMLHeadingElement | null) => void;
}) {
  const date = formatVisitDate(visit.dateOfService);
  const providers = providersOf(visit.encounterRoleInfoList);
  const text = visit.educationText?.trim() ?? '';
  const preview = educationPreview(text);
  const open = () => onRead({ text, note: visit.educationNote, date });
  return (
    <Paper component="li" withBorder radius="md" p="sm" data-testid="past-visit">
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" align="flex-start">
          <Stack gap={0}>
            <Title order={3} size="h5" ref={headingRef} tabIndex={-1}>
              {date}
            </Title>
            <Text size="sm">
              {providers.length > 0 ? providers.map(providerName).join('; ') : t('appointments.noProvider')}
              {visit.clinicInfo ? ` · ${visit.clinicInfo.clinicName}` : ''}
            </Text>
          </Stack>
          {text && (
            <Anchor
              component="button"
              type="button"
              size="sm"
              onClick={open}
              aria-label={t('appointments.educationOf', { date })}
              data-testid="education-link"
            >
              {t('appointments.education')}
            </Anchor>
          )}
        </Group>
        {text ? (
          <Text size="sm" data-testid="education-preview">
            {preview.text}{' '}
            {preview.truncated && (
              <Anchor
                component="button"
                type="button"
                size="sm"
                onClick={open}
                aria-label={t('appointments.moreOf', { date })}
                data-testid="education-more"
              >
                {t('appointments.more')}
              </Anchor>
            )}
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            {t('appointments.noEducation')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

function PastVisits({
  patientId,
  onRead,
}: {
  patientId: number;
  onRead: (content: EducationContent) => void;
}) {
  const [limit, setLimit] = useState(pastVisitsPageSize);
  const past = usePastVisits(patientId, limit);
  // After Load More, focus moves to the first visit that appeared, so keyboard users read on from there.
  const focusIndex = useRef<number | null>(null);
  const headings = useRef(new Map<number, HTMLHeadingElement>());
  useEffect(() => {
    if (focusIndex.current === null) return;
    headings.current.get(focusIndex.current)?.focus();
    focusIndex.current = null;
  }, [past.data]);

  if (past.isPending) return <ListSkeleton rows={2} label={t('appointments.loadingPast')} />;
  if (past.isError)
    return (
      <FetchError
        message={t('appointments.pastFailed')}
        onRetry={() => void past.refetch()}
        testId="past-error"
      />
    );
  const { encounters: shown, total } = past.data;
  if (shown.length === 0) return <EmptyState message={t('appointments.noPast')} testId="past-empty" />;
  return (
    <Stack gap="sm">
      <Stack
        component="ul"
        gap="sm"
        aria-label={t('appointments.past')}
        className="past-visits"
        data-testid="past-visits"
      >
        {shown.map((visit, index) => (
          <PastVisit
            key={visit.id}
            visit={visit}
            onRead={onRead}
            headingRef={(element) => {
              if (element) headings.current.set(index, element);
              else headings.current.delete(index);
            }}
          />
        ))}
      </Stack>
      <Group justify="space-between" gap="xs">
        <Text size="sm" c="dimmed" aria-live="polite" data-testid="past-count">
          {tPlural('appointments.shownCount', total, { shown: shown.length, total })}
        </Text>
        {total > limit && (
          <Button
            variant="default"
            loading={past.isPlaceholderData}
            onClick={() => {
              focusIndex.current = limit;
              setLimit(limit + pastVisitsPageSize);
            }}
            data-testid="load-more"
          >
            {t('appointments.loadMore')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

/**
 * Spec 002 §2 "Appointments page": upcoming appointments with their unsigned consents, past visits
 * with patient education. A responsible person sees and signs for the patient they act for.
 */
export function Appointments({
  patientId,
  actingForName,
}: {
  patientId: number;
  actingForName?: string | null;
}) {
  const [signing, setSigning] = useState<Consent | null>(null);
  const [reading, setReading] = useState<EducationContent | null>(null);
  return (
    <Stack gap="lg">
      <SectionCard title={t('appointments.upcoming')} testId="upcoming-section">
        <UpcomingAppointments patientId={patientId} onSign={setSigning} />
      </SectionCard>
      <SectionCard title={t('appointments.past')} testId="past-section">
        <PastVisits patientId={patientId} onRead={setReading} />
      </SectionCard>
      <ConsentModal
        consent={signing}
        patientId={patientId}
        actingForName={actingForName}
        onClose={() => setSigning(null)}
      />
      <EducationModal content={reading} onClose={() => setReading(null)} />
    </Stack>
  );
}
