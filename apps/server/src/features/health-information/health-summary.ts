/**
 * The health summary for people (the PDF), made from the same health record as the C-CDA: every
 * section of the range, worded in the reader's language.
 */
import { languageList, type CcdaEncounterInfo, type MessageKey } from '@dermis/contract';
import type { HealthSummaryDocument, PdfSection } from './health-summary-pdf';
import type { HealthRecord } from '../../lib/health-record/health-record';
import { reconcileMedications } from './ccda/medication-reconciliation';
import { clinicalSections } from './health-summary-clinical';

type Translate = (key: MessageKey, params?: Record<string, string | number>) => string;

/** YYYY-MM-DD (or an ISO instant) as MM/DD/YYYY, the page's format (spec 001 §9). */
export function usDate(value: string): string {
  const [y, m, d] = value.slice(0, 10).split('-');
  return `${m}/${d}/${y}`;
}

export function languageName(code: string | null): string | null {
  if (!code) return null;
  const entry = languageList.find((l) => l.iso1 === code || l.iso2b === code || l.iso2t === code);
  return entry?.name ?? code;
}

const genderNames: Record<string, string> = {
  MALE: 'Male',
  FEMALE: 'Female',
  UNKNOWN: 'Unknown',
  OTHER: 'Other',
  UNDIFFERENTIATED: 'Undifferentiated',
};

export interface SummaryInput {
  /** The record of the export range: the same one the C-CDA is made from. */
  record: HealthRecord;
  encounters: readonly CcdaEncounterInfo[];
  /** The range as the patient chose it (MM/DD/YYYY), for the caption. */
  startText: string | null;
  endText: string | null;
  generatedAt: Date;
  /** BCP 47 language of the text, e.g. en-US. */
  lang: string;
}

const day = (d: Date) => usDate(d.toISOString());

/**
 * The PDF's content from the health record of the range (decision 229): the same lists, in the same
 * range, as the C-CDA, worded in the reader's language; the sections the range does not filter say
 * so, as the C-CDA's do.
 */
export function buildSummaryDocument(input: SummaryInput, t: Translate): HealthSummaryDocument {
  const { record } = input;
  const p = record.patient;
  const notAvailable = t('healthInfo.notAvailable');
  const names = (list: readonly { display: string }[]) =>
    list.map((c) => c.display).join(', ') || notAvailable;
  const notFiltered = t('healthInfo.pdf.notFiltered', { date: day(record.readAt) });
  const fullName = [...p.name.given, p.name.family].join(' ');
  const practiceAddress = record.practice.address;
  const clinical = clinicalSections(record, t, input.lang);

  const sections: PdfSection[] = [
    {
      title: t('healthInfo.section.demographics'),
      entries: [
        { primary: fullName },
        { primary: t('healthInfo.dateOfBirth'), details: [usDate(p.dateOfBirth)] },
        { primary: t('healthInfo.gender'), details: [genderNames[p.gender] ?? p.gender] },
        {
          primary: t('healthInfo.pdf.birthSex'),
          details: [
            // Asked and unknown reads as such; never given reads like any missing item.
            p.birthSex ? t(`profile.birthSex.${p.birthSex}`) : notAvailable,
          ],
        },
        {
          primary: t('healthInfo.language'),
          details: [
            p.preferredLanguage
              ? (languageName(p.preferredLanguage.code) ?? p.preferredLanguage.name)
              : notAvailable,
          ],
        },
        { primary: t('healthInfo.race'), details: [names(p.races)] },
        { primary: t('healthInfo.ethnicity'), details: [names(p.ethnicities)] },
      ],
    },
    {
      title: t('healthInfo.section.allergies'),
      entries: record.allergies.map((a) => ({
        primary: a.allergen.display,
        details: a.reactions.length
          ? [t('healthInfo.pdf.reactions', { list: a.reactions.map((r) => r.text).join(', ') })]
          : [],
      })),
    },
    {
      title: t('healthInfo.section.problems'),
      entries: record.problems.map((pr) => ({
        primary: pr.problem.display,
        details: [t('healthInfo.pdf.since', { date: day(pr.recordedAt) })],
      })),
    },
    {
      title: t('healthInfo.pdf.medications'),
      // The CCD's reconciled list: a list entry that only names a prescription's ingredient is that
      // prescription, not a second medication.
      entries: reconcileMedications(record.medications).map(({ med: m, listed }) => ({
        primary: m.drug.display,
        details: [
          t(`healthInfo.pdf.status.${m.status}`),
          ...(m.startDate ? [t('healthInfo.pdf.started', { date: usDate(m.startDate) })] : []),
          ...(m.endDate ? [t('healthInfo.pdf.ended', { date: usDate(m.endDate) })] : []),
          ...(m.instructions ? [t('healthInfo.pdf.instructions', { text: m.instructions })] : []),
          ...(m.discontinuationReason
            ? [t('healthInfo.pdf.discontinued', { reason: m.discontinuationReason.display })]
            : []),
          ...(m.prescriber ? [t('healthInfo.pdf.prescriber', { name: m.prescriber })] : []),
          ...(listed.length > 0
            ? [t('healthInfo.pdf.alsoListed', { names: listed.map((l) => l.drug.display).join(', ') })]
            : []),
        ],
      })),
    },
    {
      title: t('healthInfo.section.smoking'),
      // As the C-CDA: always one status, unknown when none was given.
      entries: [
        {
          primary: record.socialHistory.smokingStatus?.value.display ?? t('healthInfo.pdf.smokingUnknown'),
          details: record.socialHistory.smokingStatus
            ? [t('healthInfo.pdf.since', { date: day(record.socialHistory.smokingStatus.recordedAt) })]
            : [],
        },
      ],
      note: notFiltered,
    },
    {
      title: t('healthInfo.pdf.procedures'),
      entries: record.procedures.map((pr) => ({
        primary: pr.procedure.display,
        details: [t('healthInfo.pdf.since', { date: day(pr.recordedAt) })],
      })),
    },
    clinical.results,
    clinical.vitalSigns,
    clinical.immunizations,
    {
      title: t('healthInfo.pdf.familyHistory'),
      entries: record.familyHistory.map((f) => ({
        primary: f.condition.display,
        details: [t('healthInfo.pdf.relatives', { list: f.relatives.map((r) => r.display).join(', ') })],
      })),
      note: notFiltered,
    },
    {
      title: t('healthInfo.pdf.socialHistory'),
      entries: [
        ...record.socialHistory.alcohol,
        ...record.socialHistory.drugUse,
        ...record.socialHistory.exposures,
      ].map((o) => ({ primary: o.value.display })),
      note: notFiltered,
    },
    {
      title: t('healthInfo.pdf.encounters'),
      entries: input.encounters.map((e) => ({
        primary: usDate(e.encounterDateOfService),
        details: [
          ...(e.clinicName ? [e.clinicName] : []),
          ...(e.providerNames.length
            ? [t('healthInfo.pdf.providers', { list: e.providerNames.join(', ') })]
            : []),
        ],
      })),
    },
    clinical.notes,
    clinical.carePlan,
    {
      title: t('healthInfo.pdf.insurance'),
      entries: record.payers.map((payer) => ({
        primary: `${payer.companyName}: ${payer.planName}`,
        details: [
          ...(payer.memberNumber ? [t('healthInfo.pdf.member', { id: payer.memberNumber })] : []),
          ...(payer.validFrom ? [t('healthInfo.pdf.started', { date: usDate(payer.validFrom) })] : []),
          ...(payer.validThrough ? [t('healthInfo.pdf.ended', { date: usDate(payer.validThrough) })] : []),
        ],
      })),
    },
  ];
  const { startText: start, endText: end } = input;
  const rangeText =
    start && end
      ? t('healthInfo.pdf.range', { start, end })
      : start
        ? t('healthInfo.pdf.rangeFrom', { start })
        : end
          ? t('healthInfo.pdf.rangeTo', { end })
          : t('healthInfo.pdf.allDates');
  const generated = input.generatedAt.toISOString();
  const contact = [
    practiceAddress
      ? [
          practiceAddress.lines.join(', '),
          practiceAddress.city,
          [practiceAddress.state, practiceAddress.postalCode].filter(Boolean).join(' '),
        ]
          .filter(Boolean)
          .join(', ')
      : null,
    record.practice.phone ? t('healthInfo.pdf.phone', { phone: record.practice.phone }) : null,
  ].filter((part): part is string => Boolean(part));
  return {
    title: t('healthInfo.pdf.title'),
    patientName: fullName,
    dateOfBirth: usDate(p.dateOfBirth),
    practiceName: record.practice.name,
    practiceContact: contact.join(' · '),
    lang: input.lang,
    generatedText: t('healthInfo.pdf.generated', {
      date: `${usDate(generated)} ${generated.slice(11, 16)}`,
    }),
    rangeText,
    labels: {
      dateOfBirth: t('healthInfo.dateOfBirth'),
      page: (n, of) => t('healthInfo.pdf.page', { n, of }),
      empty: t('healthInfo.sectionEmpty'),
    },
    sections,
  };
}
