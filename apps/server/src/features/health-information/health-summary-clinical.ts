/**
 * The health summary's sections of what the clinic itself recorded (decision 220): results, vital
 * signs, immunizations, visit notes and the plan of care with its goals and health concerns, from
 * the same record of the range as the C-CDA (decision 229). Values are laid out in grid tables with
 * column headers, as the portal's page shows them; long texts (a pathology report, a note) are
 * paragraphs, so they flow over pages.
 */
import { unitLabel, vitalSignCodes, type MessageKey, type VitalSignCode } from '@dermis/contract';
import type { HealthRecord } from '../../lib/health-record/health-record';
import type { RecordObservation, RecordResult } from './clinical-record/clinical-record.repository';
import type { PdfBlock, PdfSection } from './health-summary-pdf';

type Translate = (key: MessageKey, params?: Record<string, string | number>) => string;

/** An instant or YYYY-MM-DD as MM/DD/YYYY (UTC), as the rest of the summary. */
const usDay = (value: Date | string) => {
  const iso = typeof value === 'string' ? value : value.toISOString();
  return `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;
};

/** Paragraphs of a clinic's text: blank lines separate them. */
const paragraphs = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((p) => p.replace(/\s*\n\s*/g, ' ').trim())
    .filter(Boolean);

/** Vital-sign sets side by side: at most this many dates per table, so the columns stay readable. */
const datesPerTable = 4;

export function clinicalSections(
  record: HealthRecord,
  t: Translate,
  lang: string,
): {
  results: PdfSection;
  vitalSigns: PdfSection;
  immunizations: PdfSection;
  notes: PdfSection;
  carePlan: PdfSection;
} {
  const number = new Intl.NumberFormat(lang, { maximumFractionDigits: 2 });
  const clinical = record.clinical;

  const observationValue = (o: RecordObservation) =>
    o.valueNumeric !== null ? number.format(o.valueNumeric) : (o.valueText ?? '');
  const referenceRange = (o: RecordObservation) =>
    o.referenceLow !== null && o.referenceHigh !== null
      ? `${number.format(o.referenceLow)}–${number.format(o.referenceHigh)}`
      : o.referenceLow !== null
        ? `≥ ${number.format(o.referenceLow)}`
        : o.referenceHigh !== null
          ? `≤ ${number.format(o.referenceHigh)}`
          : (o.referenceText ?? '');

  const resultBlocks = (r: RecordResult): PdfBlock[] => {
    const status = r.status === 'final' ? '' : ` (${t(`record.status.${r.status}`)})`;
    const blocks: PdfBlock[] = [
      {
        kind: 'heading',
        text: t('healthInfo.pdf.resultHeading', { name: r.name, date: usDay(r.effectiveAt) }) + status,
      },
      {
        kind: 'text',
        muted: true,
        text: t('record.provenance', {
          author: r.authorName,
          organization: r.authorOrganization,
          date: usDay(r.issuedAt),
        }),
      },
    ];
    if (r.specimen) blocks.push({ kind: 'text', label: `${t('record.specimen')}:`, text: r.specimen });
    if (r.diagnosisDisplay)
      blocks.push({ kind: 'text', label: `${t('record.diagnosis')}:`, text: r.diagnosisDisplay });
    // A worded result (a culture's organism) needs the room a number does not.
    const worded = r.observations.some((o) => observationValue(o).length > 12);
    if (r.observations.length > 0)
      blocks.push({
        kind: 'table',
        columns: [
          { header: t('record.test'), width: worded ? 24 : 34 },
          { header: t('healthInfo.pdf.value'), width: worded ? 36 : 16 },
          { header: t('healthInfo.pdf.unit'), width: worded ? 8 : 12 },
          { header: t('record.referenceRange'), width: worded ? 18 : 22 },
          { header: t('record.flag'), width: worded ? 14 : 16 },
        ],
        rows: r.observations.map((o) => [
          o.name,
          observationValue(o),
          unitLabel(o.unit),
          referenceRange(o),
          o.interpretation ? t(`record.flag.${o.interpretation}`) : '',
        ]),
        strong: r.observations.map((o) => o.interpretation !== null && o.interpretation !== 'N'),
      });
    if (r.narrative) {
      const [first, ...rest] = paragraphs(r.narrative);
      if (first) blocks.push({ kind: 'text', label: `${t('healthInfo.pdf.narrative')}:`, text: first });
      for (const text of rest) blocks.push({ kind: 'text', text });
    }
    return blocks;
  };

  // Vital signs: one row per kind of measurement, one column per time measured (newest first).
  const sets = clinical?.vitalSigns ?? [];
  const vitalBlocks: PdfBlock[] = [];
  for (let at = 0; at < sets.length; at += datesPerTable) {
    const chunk = sets.slice(at, at + datesPerTable);
    const valueOf = (set: (typeof chunk)[number], code: VitalSignCode) => {
      const m = set.measurements.find((v) => v.code === code);
      return m ? `${number.format(m.value)} ${unitLabel(m.unit)}` : '';
    };
    const rows: string[][] = [];
    // Blood pressure reads as one value, systolic over diastolic.
    if (chunk.some((s) => s.measurements.some((m) => m.code === '8480-6' || m.code === '8462-4')))
      rows.push([
        t('record.vital.bloodPressure'),
        ...chunk.map((s) => {
          const sys = s.measurements.find((m) => m.code === '8480-6');
          const dia = s.measurements.find((m) => m.code === '8462-4');
          if (!sys || !dia) return sys ? valueOf(s, '8480-6') : dia ? valueOf(s, '8462-4') : '';
          return `${number.format(sys.value)}/${number.format(dia.value)} ${unitLabel(sys.unit)}`;
        }),
      ]);
    for (const code of Object.keys(vitalSignCodes) as VitalSignCode[]) {
      if (code === '8480-6' || code === '8462-4') continue;
      if (!chunk.some((s) => s.measurements.some((m) => m.code === code))) continue;
      rows.push([t(`record.vital.${vitalSignCodes[code].key}`), ...chunk.map((s) => valueOf(s, code))]);
    }
    vitalBlocks.push({
      kind: 'table',
      columns: [
        { header: t('healthInfo.pdf.vitalSign'), width: 30 },
        ...chunk.map((s) => ({ header: usDay(s.effectiveAt), width: 70 / datesPerTable })),
      ],
      rows,
    });
  }

  const immunizations = clinical?.immunizations ?? [];
  const immunizationBlocks: PdfBlock[] = immunizations.length
    ? [
        {
          kind: 'table',
          columns: [
            { header: t('healthInfo.pdf.vaccine'), width: 34 },
            { header: t('record.date'), width: 14 },
            { header: t('healthInfo.pdf.status'), width: 16 },
            { header: t('healthInfo.pdf.details'), width: 36 },
          ],
          rows: immunizations.map((i) => [
            i.vaccineName,
            usDay(i.occurredAt),
            i.status === 'completed'
              ? t('healthInfo.pdf.given')
              : i.statusReason
                ? t('healthInfo.pdf.notGivenReason', { reason: i.statusReason })
                : t('record.immunization.notDone'),
            [
              i.lotNumber ? t('record.immunization.lot', { lot: i.lotNumber }) : null,
              i.manufacturer ? t('healthInfo.pdf.manufacturer', { name: i.manufacturer }) : null,
              i.performerName ? t('record.immunization.by', { name: i.performerName }) : null,
            ]
              .filter(Boolean)
              .join(' · '),
          ]),
        },
      ]
    : [];

  const noteBlocks: PdfBlock[] = (clinical?.notes ?? []).flatMap((n): PdfBlock[] => [
    { kind: 'heading', text: t('healthInfo.pdf.noteHeading', { title: n.title, date: usDay(n.authoredAt) }) },
    {
      kind: 'text',
      muted: true,
      text: t('healthInfo.pdf.noteAuthor', {
        type: n.noteTypeName,
        author: n.authorName,
        organization: n.authorOrganization,
      }),
    },
    ...paragraphs(n.text ?? '').map((text): PdfBlock => ({ kind: 'text', text })),
    ...(n.pdf
      ? [{ kind: 'text' as const, text: t('healthInfo.pdf.notePdf', { name: n.pdf.fileName }) }]
      : []),
  ]);

  const plan = clinical?.carePlan;
  const planBlocks: PdfBlock[] = [];
  if (plan?.items.length)
    planBlocks.push(
      { kind: 'heading', text: t('healthInfo.pdf.plannedCare') },
      {
        kind: 'table',
        columns: [
          { header: t('healthInfo.pdf.plannedCare'), width: 52 },
          { header: t('healthInfo.pdf.kind'), width: 18 },
          { header: t('healthInfo.pdf.when'), width: 15 },
          { header: t('healthInfo.pdf.status'), width: 15 },
        ],
        rows: plan.items.map((i) => [
          i.description,
          t(`record.plan.kind.${i.kind}`),
          i.plannedAt ? usDay(i.plannedAt) : t('healthInfo.pdf.noDate'),
          t(`healthInfo.pdf.planStatus.${i.status}`),
        ]),
      },
    );
  if (plan?.goals.length)
    planBlocks.push(
      { kind: 'heading', text: t('record.goals') },
      {
        kind: 'table',
        columns: [
          { header: t('healthInfo.pdf.goal'), width: 60 },
          { header: t('healthInfo.pdf.targetDate'), width: 20 },
          { header: t('healthInfo.pdf.status'), width: 20 },
        ],
        rows: plan.goals.map((g) => [
          g.description,
          g.targetDate ? usDay(g.targetDate) : t('healthInfo.pdf.noDate'),
          t(`record.goal.${g.status}`),
        ]),
      },
    );
  // The clinician's latest assessment of overall health (decision 251), beside the concerns.
  const status = plan?.healthStatuses[0];
  if (status)
    planBlocks.push(
      { kind: 'heading', text: t('record.healthStatus') },
      { kind: 'text', text: t(`record.healthStatus.${status.code}`) },
      {
        kind: 'text',
        muted: true,
        text: t('record.provenance', {
          author: status.authorName,
          organization: status.authorOrganization,
          date: usDay(status.recordedAt),
        }),
      },
    );
  if (plan?.concerns.length)
    planBlocks.push(
      { kind: 'heading', text: t('record.concerns') },
      {
        kind: 'table',
        columns: [
          { header: t('healthInfo.pdf.concern'), width: 60 },
          { header: t('healthInfo.pdf.onset'), width: 20 },
          { header: t('healthInfo.pdf.status'), width: 20 },
        ],
        rows: plan.concerns.map((c) => [
          c.description,
          c.onsetDate ? usDay(c.onsetDate) : '',
          t(`record.concern.${c.status}`),
        ]),
      },
    );

  return {
    results: {
      title: t('record.section.results'),
      entries: [],
      blocks: (clinical?.results ?? []).flatMap(resultBlocks),
    },
    vitalSigns: { title: t('record.section.vitalSigns'), entries: [], blocks: vitalBlocks },
    immunizations: { title: t('record.section.immunizations'), entries: [], blocks: immunizationBlocks },
    notes: { title: t('record.section.notes'), entries: [], blocks: noteBlocks },
    carePlan: { title: t('record.section.carePlan'), entries: [], blocks: planBlocks },
  };
}
