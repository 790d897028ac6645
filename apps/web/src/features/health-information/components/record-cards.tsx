import { memo, useState } from 'react';
import { Text } from '@mantine/core';
import type { ClinicalRecordResponse, RecordSection } from '@dermis/contract';
import { ListSkeleton } from '../../../components/skeletons';
import { t } from '../../../lib/i18n';
import {
  useClinicalRecord,
  useMarkResultRead,
  useRecordSection,
  type RecordRange,
} from '../api/clinical-record';
import { RecordResults } from './record-results';
import { RecordCarePlan, RecordImmunizations, RecordNotes, RecordVitalSigns } from './record-sections';
import type { ShowAllState } from '../../../components/show-all';

/** One card, first with the newest of its lists, then, once "Show all" is chosen, whole. */
function useCard(patientId: number, range: RecordRange, section: RecordSection) {
  const [asked, setAsked] = useState(false);
  const whole = useRecordSection(patientId, range, section, asked);
  return {
    whole: whole.data,
    state: (shown: number, total: number): ShowAllState => ({
      shown,
      total,
      loading: whole.isFetching,
      failed: whole.isError,
      onShow: () => (asked ? void whole.refetch() : setAsked(true)),
    }),
  };
}

const lengthOf = (plan: ClinicalRecordResponse['carePlan']) =>
  plan.items.length + plan.goals.length + plan.concerns.length;

/**
 * The five cards of the clinical record in the page's range. The first answer holds the newest 20
 * of each list, each list's total and the trend chart; a card's "Show all (N)" asks for that card whole.
 * Rendered again only when its own answers or props change (memo): the page around it re-renders as
 * its other answers (the summary, the session's patient) arrive, and the record is the page's most
 * costly part to draw on a phone.
 */
export const RecordCards = memo(function RecordCards({
  patientId,
  range,
}: {
  patientId: number;
  range: RecordRange;
}) {
  const [trend, setTrend] = useState<string | null>(null);
  const record = useClinicalRecord(patientId, range, trend);
  const markRead = useMarkResultRead(patientId);
  const results = useCard(patientId, range, 'results');
  const vitals = useCard(patientId, range, 'vitalSigns');
  const immunizations = useCard(patientId, range, 'immunizations');
  const notes = useCard(patientId, range, 'notes');
  const plan = useCard(patientId, range, 'carePlan');

  if (record.isPending) return <ListSkeleton rows={6} />;
  if (record.isError) return <Text role="alert">{t('record.fetchFailed')}</Text>;
  const first = record.data;
  const totals = first.totals;
  const resultList = results.whole?.results ?? first.results;
  const vitalList = vitals.whole?.vitalSigns ?? first.vitalSigns;
  const immunizationList = immunizations.whole?.immunizations ?? first.immunizations;
  const noteList = notes.whole?.notes ?? first.notes;
  const carePlan = plan.whole?.carePlan ?? first.carePlan;
  return (
    <>
      <RecordResults
        results={resultList}
        trends={first.trends}
        onTrend={setTrend}
        onOpen={(r) => markRead.mutate(r.id)}
        showAll={results.state(resultList.length, totals.results)}
      />
      <RecordVitalSigns sets={vitalList} showAll={vitals.state(vitalList.length, totals.vitalSigns)} />
      <RecordImmunizations
        immunizations={immunizationList}
        showAll={immunizations.state(immunizationList.length, totals.immunizations)}
      />
      <RecordNotes
        patientId={patientId}
        notes={noteList}
        showAll={notes.state(noteList.length, totals.notes)}
      />
      <RecordCarePlan
        plan={carePlan}
        totals={{ items: totals.carePlanItems, goals: totals.goals, concerns: totals.concerns }}
        showAll={plan.state(lengthOf(carePlan), totals.carePlanItems + totals.goals + totals.concerns)}
      />
    </>
  );
});
