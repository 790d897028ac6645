import { Accordion, Anchor, Badge, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import {
  isHealthStatusCode,
  vitalSignCodes,
  type CareGoalStatus,
  type CarePlanKind,
  type HealthConcernStatus,
  type MessageKey,
  type RecordCarePlanView,
  type RecordImmunizationView,
  type RecordNoteView,
  type RecordVitalSignsView,
  type VitalSignCode,
} from '@dermis/contract';
import { useState } from 'react';
import { ListSkeleton } from '../../../components/skeletons';
import { SectionCard } from '../../../components/section-card';
import { t } from '../../../lib/i18n';
import { numberText, recordDate, recordDay, withUnit } from '../record-format';
import { Provenance } from './record-provenance';
import { ToneBadge } from './record-badge';
import { ShowAll, useFocusFirstNew, type ShowAllState } from '../../../components/show-all';
import { useNoteContent } from '../api/clinical-record';

/** The card's own "Show all", focusing the first entry it adds once drawn. */
function withFocus(
  showAll: ShowAllState,
  focus: ReturnType<typeof useFocusFirstNew>,
  index: number,
  list?: string,
): ShowAllState {
  return {
    ...showAll,
    onShow: () => {
      focus.focusFrom(index, list);
      showAll.onShow();
    },
  };
}

const vitalKey = (code: VitalSignCode) => `record.vital.${vitalSignCodes[code].key}` as MessageKey;

/** The measurements of one visit, blood pressure as one value (systolic/diastolic). */
function vitalRows(set: RecordVitalSignsView): [string, string][] {
  const of = (code: VitalSignCode) => set.measurements.find((m) => m.code === code);
  const rows: [string, string][] = [];
  const systolic = of('8480-6');
  const diastolic = of('8462-4');
  if (systolic && diastolic)
    rows.push([
      t('record.vital.bloodPressure'),
      `${numberText(systolic.value)}/${numberText(diastolic.value)} mmHg`,
    ]);
  for (const m of set.measurements) {
    if (systolic && diastolic && (m.code === '8480-6' || m.code === '8462-4')) continue;
    rows.push([t(vitalKey(m.code)), withUnit(m.value, m.unit)]);
  }
  return rows;
}

export function RecordVitalSigns({ sets, showAll }: { sets: RecordVitalSignsView[]; showAll: ShowAllState }) {
  const focus = useFocusFirstNew();
  return (
    <SectionCard title={t('record.section.vitalSigns')} testId="record-vitals">
      {sets.length === 0 && <Text c="dimmed">{t('record.empty.vitalSigns')}</Text>}
      {sets.map((set, index) => (
        <Stack key={set.id} gap={6} data-testid="record-vital-set" ref={focus.refAt(index)} tabIndex={-1}>
          <Title order={3} size="h5">
            {recordDay(set.effectiveAt)}
          </Title>
          <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs" verticalSpacing={6} component="dl" m={0}>
            {vitalRows(set).map(([label, value]) => (
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
          <Provenance item={set} />
        </Stack>
      ))}
      <ShowAll
        state={withFocus(showAll, focus, sets.length)}
        section={t('record.section.vitalSigns')}
        testId="record-vitals-show-all"
      />
    </SectionCard>
  );
}

export function RecordImmunizations({
  immunizations,
  showAll,
}: {
  immunizations: RecordImmunizationView[];
  showAll: ShowAllState;
}) {
  const focus = useFocusFirstNew();
  return (
    <SectionCard title={t('record.section.immunizations')} testId="record-immunizations">
      {immunizations.length === 0 ? (
        <Text c="dimmed">{t('record.empty.immunizations')}</Text>
      ) : (
        <List listStyleType="none" spacing="sm" m={0} p={0}>
          {immunizations.map((i, index) => (
            <List.Item key={i.id} data-testid="record-immunization" ref={focus.refAt(index)} tabIndex={-1}>
              <Group gap="xs" wrap="wrap">
                <Text fw={600} component="span">
                  {i.vaccineName}
                </Text>
                <Text c="dimmed" size="sm" component="span">
                  {recordDay(i.occurredAt)}
                </Text>
                {i.status === 'not-done' && (
                  <Badge size="sm" color="gray" variant="light">
                    {t('record.immunization.notDone')}
                  </Badge>
                )}
              </Group>
              <Text size="sm">
                {[
                  i.statusReason,
                  i.lotNumber ? t('record.immunization.lot', { lot: i.lotNumber }) : null,
                  i.performerName ? t('record.immunization.by', { name: i.performerName }) : null,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </Text>
              <Provenance item={i} />
            </List.Item>
          ))}
        </List>
      )}
      <ShowAll
        state={withFocus(showAll, focus, immunizations.length)}
        section={t('record.section.immunizations')}
        testId="record-immunizations-show-all"
      />
    </SectionCard>
  );
}

/** An opened note's text and PDF, read from the server when it is first opened. */
function NoteContent({ patientId, noteId }: { patientId: number; noteId: number }) {
  const content = useNoteContent(patientId, noteId);
  if (content.isPending) return <ListSkeleton rows={1} label={t('record.note.loading')} />;
  if (content.isError)
    return (
      <Text role="alert" size="sm">
        {t('record.note.fetchFailed')}
      </Text>
    );
  const { text, pdf } = content.data;
  return (
    <>
      {text && (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', maxWidth: '70ch' }} data-testid="record-note-text">
          {text}
        </Text>
      )}
      {pdf && (
        <Anchor href={pdf.url} size="sm" data-testid="record-note-pdf">
          <IconFileTypePdf size={16} aria-hidden style={{ verticalAlign: 'middle', marginRight: 4 }} />
          {t('record.note.pdf', { name: pdf.fileName })}
        </Anchor>
      )}
    </>
  );
}

export function RecordNotes({
  patientId,
  notes,
  showAll,
}: {
  patientId: number;
  notes: RecordNoteView[];
  showAll: ShowAllState;
}) {
  const focus = useFocusFirstNew();
  // Only an opened note's content is asked for; it stays drawn (and cached) once read.
  const [opened, setOpened] = useState<string[]>([]);
  return (
    <SectionCard title={t('record.section.notes')} testId="record-notes">
      {notes.length === 0 ? (
        <Text c="dimmed">{t('record.empty.notes')}</Text>
      ) : (
        <Accordion multiple variant="separated" value={opened} onChange={setOpened}>
          {notes.map((n, index) => (
            <Accordion.Item key={n.id} value={String(n.id)} data-testid="record-note">
              <Accordion.Control ref={focus.refAt(index)}>
                <Group gap="xs" wrap="wrap">
                  <Text fw={600} component="span">
                    {n.title}
                  </Text>
                  <Text c="dimmed" size="sm" component="span">
                    {`${n.noteTypeName} · ${recordDay(n.authoredAt)}`}
                  </Text>
                </Group>
              </Accordion.Control>
              <Accordion.Panel>
                <Stack gap="xs">
                  {opened.includes(String(n.id)) && <NoteContent patientId={patientId} noteId={n.id} />}
                  <Provenance item={n} />
                </Stack>
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      )}
      <ShowAll
        state={withFocus(showAll, focus, notes.length)}
        section={t('record.section.notes')}
        testId="record-notes-show-all"
      />
    </SectionCard>
  );
}

const kindKey: Record<CarePlanKind, MessageKey> = {
  visit: 'record.plan.kind.visit',
  procedure: 'record.plan.kind.procedure',
  medication: 'record.plan.kind.medication',
  education: 'record.plan.kind.education',
};
const goalKey: Record<CareGoalStatus, MessageKey> = {
  active: 'record.goal.active',
  achieved: 'record.goal.achieved',
  cancelled: 'record.goal.cancelled',
};
const concernKey: Record<HealthConcernStatus, MessageKey> = {
  active: 'record.concern.active',
  inactive: 'record.concern.inactive',
  resolved: 'record.concern.resolved',
};

/** The page's words for a HealthStatus code; the value set's display name for one it does not know. */
const healthStatusText = (status: { code: string; display: string }) =>
  isHealthStatusCode(status.code) ? t(`record.healthStatus.${status.code}`) : status.display;

interface CarePlanProps {
  plan: RecordCarePlanView;
  showAll: ShowAllState;
  /** How many of each list the range holds. */
  totals: { items: number; goals: number; concerns: number };
}

export function RecordCarePlan({ plan, showAll, totals }: CarePlanProps) {
  const focus = useFocusFirstNew();
  const empty =
    plan.items.length + plan.goals.length + plan.concerns.length === 0 && plan.healthStatus === null;
  // The first list the card holds only part of is where the added entries begin.
  const lists = ['items', 'goals', 'concerns'] as const;
  const grows = lists.find((list) => plan[list].length < totals[list]) ?? 'items';
  return (
    <SectionCard title={t('record.section.carePlan')} testId="record-care-plan">
      {empty && <Text c="dimmed">{t('record.empty.carePlan')}</Text>}
      {plan.items.length > 0 && (
        <Stack gap={6} data-testid="record-plan-items">
          <Title order={3} size="h5">
            {t('record.plan.planned')}
          </Title>
          <List spacing={6}>
            {plan.items.map((i, index) => (
              <List.Item key={i.id} ref={focus.refAt(index, 'items')} tabIndex={-1}>
                <Group gap={6} wrap="wrap">
                  <Badge size="sm" variant="light">
                    {t(kindKey[i.kind])}
                  </Badge>
                  <Text span size="sm">
                    {i.description}
                  </Text>
                  {i.plannedAt && (
                    <Text span size="sm" c="dimmed">
                      {t('record.plan.when', { date: recordDay(i.plannedAt) })}
                    </Text>
                  )}
                </Group>
              </List.Item>
            ))}
          </List>
        </Stack>
      )}
      {plan.goals.length > 0 && (
        <Stack gap={6} data-testid="record-goals">
          <Title order={3} size="h5">
            {t('record.goals')}
          </Title>
          <List spacing={6}>
            {plan.goals.map((g, index) => (
              <List.Item key={g.id} ref={focus.refAt(index, 'goals')} tabIndex={-1}>
                <Group gap={6} wrap="wrap">
                  <Text span size="sm">
                    {g.description}
                  </Text>
                  <ToneBadge tone={g.status === 'achieved' ? 'green' : 'blue'}>
                    {t(goalKey[g.status])}
                  </ToneBadge>
                  {g.targetDate && (
                    <Text span size="sm" c="dimmed">
                      {t('record.goal.target', { date: recordDate(g.targetDate) })}
                    </Text>
                  )}
                </Group>
              </List.Item>
            ))}
          </List>
        </Stack>
      )}
      {plan.concerns.length > 0 && (
        <Stack gap={6} data-testid="record-concerns">
          <Title order={3} size="h5">
            {t('record.concerns')}
          </Title>
          <List spacing={6}>
            {plan.concerns.map((c, index) => (
              <List.Item key={c.id} ref={focus.refAt(index, 'concerns')} tabIndex={-1}>
                <Group gap={6} wrap="wrap">
                  <Text span size="sm">
                    {c.description}
                  </Text>
                  <ToneBadge tone={c.status === 'active' ? 'orange' : 'gray'}>
                    {t(concernKey[c.status])}
                  </ToneBadge>
                  {c.onsetDate && (
                    <Text span size="sm" c="dimmed">
                      {t('record.concern.onset', { date: recordDate(c.onsetDate) })}
                    </Text>
                  )}
                </Group>
              </List.Item>
            ))}
          </List>
        </Stack>
      )}
      {plan.healthStatus && (
        // The clinician's latest assessment of overall health, with who made it and when.
        <Stack gap={4} data-testid="record-health-status">
          <Title order={3} size="h5">
            {t('record.healthStatus')}
          </Title>
          <Text size="sm">{healthStatusText(plan.healthStatus)}</Text>
          <Provenance item={plan.healthStatus} />
        </Stack>
      )}
      {plan.items[0] && <Provenance item={plan.items[0]} />}
      <ShowAll
        state={withFocus(showAll, focus, plan[grows].length, grows)}
        section={t('record.section.carePlan')}
        testId="record-care-plan-show-all"
      />
    </SectionCard>
  );
}
