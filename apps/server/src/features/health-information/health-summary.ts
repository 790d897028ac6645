/**
 * The health summary for people (the PDF): the page's sections plus procedures, family and social
 * history and the encounters of the range, worded in the reader's language.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  codeDisplay,
  findEthnicity,
  findRace,
  languageList,
  type CcdaEncounterInfo,
  type HealthInfoResponse,
  type MessageKey,
} from '@dermis/contract';
import type { Db } from '../../db/database';
import { historyItem } from '../../db/schema';
import { itemName, type PatientHeader } from './health-info.repository';
import type { HealthSummaryDocument, PdfEntry, PdfSection } from './health-summary-pdf';

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
  header: PatientHeader;
  info: HealthInfoResponse;
  encounters: readonly CcdaEncounterInfo[];
  /** The range as the patient chose it (MM/DD/YYYY), for the caption. */
  startText: string | null;
  endText: string | null;
  generatedAt: Date;
}

/** Allergies with their reactions, procedures, family history and the other social-history items. */
export async function loadSummaryExtras(db: Db, patientId: number) {
  const rows = await db
    .select({
      section: historyItem.section,
      specialType: historyItem.specialType,
      name: historyItem.name,
      customValue: historyItem.customValue,
      details: historyItem.details,
      createdAt: historyItem.createdAt,
    })
    .from(historyItem)
    .where(
      and(
        eq(historyItem.patientId, patientId),
        eq(historyItem.active, true),
        inArray(historyItem.section, [
          'ALLERGIES',
          'SURGICAL_HISTORY',
          'FAMILY_HISTORY',
          'ALCOHOL',
          'DRUG',
          'MARITAL',
          'EXPOSURE',
        ]),
      ),
    )
    .orderBy(asc(historyItem.createdAt), asc(historyItem.id));
  return rows;
}

export function buildSummaryDocument(
  input: SummaryInput,
  extras: Awaited<ReturnType<typeof loadSummaryExtras>>,
  t: Translate,
): HealthSummaryDocument {
  const { header, info } = input;
  const d = info.demographics;
  const notAvailable = t('healthInfo.notAvailable');
  const names = (codes: readonly string[], find: (c: string) => { name: string } | undefined) =>
    codes.map((c) => find(c)?.name ?? c).join(', ') || notAvailable;
  const detailNames = (details: readonly { code: string; customValue: string | null }[]) =>
    details.map((x) => x.customValue?.trim() || codeDisplay(x.code) || x.code).join(', ');
  const entries = (section: string, describe?: (row: (typeof extras)[number]) => string[]) =>
    extras
      .filter((r) => r.section === section && r.specialType === null)
      .map((r): PdfEntry => ({ primary: itemName(r), details: describe?.(r) }));

  const sections: PdfSection[] = [
    {
      title: t('healthInfo.section.demographics'),
      entries: [
        { primary: `${d.firstName} ${d.lastName}` },
        { primary: t('healthInfo.dateOfBirth'), details: [usDate(d.dateOfBirth)] },
        { primary: t('healthInfo.gender'), details: [genderNames[d.gender] ?? d.gender] },
        {
          primary: t('healthInfo.language'),
          details: [languageName(d.preferredLanguageIsoCode) ?? notAvailable],
        },
        { primary: t('healthInfo.race'), details: [names(d.races, findRace)] },
        { primary: t('healthInfo.ethnicity'), details: [names(d.ethnicities, findEthnicity)] },
      ],
    },
    {
      title: t('healthInfo.section.allergies'),
      entries: entries('ALLERGIES', (r) =>
        r.details.length ? [t('healthInfo.pdf.reactions', { list: detailNames(r.details) })] : [],
      ),
    },
    {
      title: t('healthInfo.section.problems'),
      entries: info.medicalProblems.map((p) => ({
        primary: p.name,
        details: p.dateDiagnosed ? [t('healthInfo.pdf.since', { date: usDate(p.dateDiagnosed) })] : [],
      })),
    },
    {
      title: t('healthInfo.section.medications'),
      entries: info.medications.map((m) => ({ primary: m.name })),
    },
    {
      title: t('healthInfo.section.smoking'),
      entries: info.smokingStatusList.map((s) => ({ primary: s.name })),
    },
    { title: t('healthInfo.pdf.procedures'), entries: entries('SURGICAL_HISTORY') },
    {
      title: t('healthInfo.pdf.familyHistory'),
      entries: entries('FAMILY_HISTORY', (r) =>
        r.details.length ? [t('healthInfo.pdf.relatives', { list: detailNames(r.details) })] : [],
      ),
    },
    {
      title: t('healthInfo.pdf.socialHistory'),
      entries: extras
        .filter((r) => ['ALCOHOL', 'DRUG', 'MARITAL', 'EXPOSURE'].includes(r.section))
        .map((r) => ({ primary: itemName(r) })),
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
  return {
    title: t('healthInfo.pdf.title'),
    patientName: `${header.firstName} ${header.lastName}`,
    dateOfBirth: usDate(header.dateOfBirth),
    practiceName: header.practiceName,
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
