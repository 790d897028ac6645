/**
 * The rules of a history entry, shared by the patient's save and the clinic's feed: which codes each
 * section accepts, the status default, reactions / relatives / discontinuation reason, negatives, and
 * how a stored row reads as the contract's SubjectiveItem. Pure functions; no database.
 */
import {
  allergyReactions,
  attributeIdOf,
  codeDisplay,
  defaultStatusBySection,
  discontinuationReasons,
  duplicateMessageKey,
  familyRelations,
  historyErrorCodes,
  historyNameKey,
  historyStatuses,
  historyStatusCode,
  negativeItems,
  socialHistoryCategories,
  socialHistoryCodes,
  templateIdBySection,
  type HistorySection,
  type HistoryStatusCode,
  type SectionTemplate,
  type SpecialType,
  type SubjectiveItem,
} from '@dermis/contract';
import { httpError } from '../../lib/http-error';
import type { HistoryDetail } from '../../db/schema';

const socialSections = new Set<HistorySection>(['ALCOHOL', 'DRUG', 'SMOKING', 'EXPOSURE', 'MARITAL']);
const reactionCodes = new Set<string>(allergyReactions.map((r) => r.code));
const relationCodes = new Set<string>(
  [...familyRelations.PRIMARY, ...familyRelations.SECONDARY, ...familyRelations.TERTIARY].map((r) => r.code),
);
const reasonCodes = new Set<string>(discontinuationReasons.map((r) => r.code));

/** A history entry after the rules: what a row of history_item holds. */
export interface NormalizedItem {
  id: number | null;
  section: HistorySection;
  specialType: SpecialType | null;
  code: string;
  name: string;
  customValue: string | null;
  status: HistoryStatusCode;
  details: HistoryDetail[];
  active: boolean;
  discontinuationReason: string | null;
  /** Its identity in the section (duplicateKeyOf); the database keeps one entry per key. */
  duplicateKey: string | null;
}

/** What a patient's save or a clinic's feed says about one entry, before the rules. */
export interface ItemDraft {
  id: number | null;
  section: HistorySection;
  specialType: SpecialType | null;
  code: string;
  name: string;
  customValue: string | null;
  status: string | null;
  details: HistoryDetail[];
  active: boolean;
  discontinuationReason: string | null;
}

export const invalidItem = () => httpError(400, historyErrorCodes.invalidItem, 'history.error.invalidItem');
export const reasonRequired = () =>
  httpError(
    400,
    historyErrorCodes.discontinuationReasonRequired,
    'history.error.discontinuationReasonRequired',
  );
/**
 * What makes two entries of one section the same entry, by the rules of normalizeSection: a social
 * answer by its code, the one negative of a section, any other entry by its name (case- and
 * space-insensitively). A discontinued medication has none: several may share a name.
 */
export function duplicateKeyOf(item: {
  section: HistorySection;
  specialType: SpecialType | null;
  code: string;
  name: string;
  active: boolean;
}): string | null {
  if (socialSections.has(item.section)) return `code:${item.code}`;
  if (item.specialType) return 'negative';
  if (item.section === 'MEDICATIONS' && !item.active) return null;
  return `name:${historyNameKey(item.name)}`;
}

export const duplicate = (section: HistorySection, name: string) =>
  httpError(409, historyErrorCodes.duplicate, duplicateMessageKey(section), { name });

/** Applies the rules of one entry; throws the contract's 400 when it breaks one. */
export function normalizeItem(draft: ItemDraft): NormalizedItem {
  const { section } = draft;
  let specialType = draft.specialType;
  // "Does not misuse drugs" is the DRUG section's denial, whether or not the caller marked it so.
  if (section === 'DRUG' && draft.code === socialHistoryCodes.noDrugMisuse) specialType = 'DENIES';

  let name = draft.name;
  if (specialType) {
    const negative = negativeItems.find(
      (n) => n.section === section && n.specialType === specialType && n.code === draft.code,
    );
    if (!negative) throw invalidItem();
    name = negative.display;
  } else if (socialSections.has(section)) {
    const option = socialHistoryCategories[section as keyof typeof socialHistoryCategories].options.find(
      (o) => o.code === draft.code,
    );
    if (!option) throw invalidItem();
    name = option.display;
  } else if (negativeItems.some((n) => n.code === draft.code)) {
    // A negative's code sent as a real item.
    throw invalidItem();
  }
  if (name.trim() === '') throw invalidItem();

  const status = draft.status ?? defaultStatusBySection[section];
  if (!historyStatusCode.safeParse(status).success) throw invalidItem();

  let details: HistoryDetail[] = [];
  if (!specialType && (section === 'ALLERGIES' || section === 'FAMILY_HISTORY')) {
    const allowed = section === 'ALLERGIES' ? reactionCodes : relationCodes;
    const seen = new Set<string>();
    for (const detail of draft.details) {
      if (!allowed.has(detail.code)) throw invalidItem();
      if (seen.has(detail.code)) continue;
      seen.add(detail.code);
      // Only "Other" carries the patient's own words.
      details.push({ code: detail.code, customValue: detail.code === 'OTHER' ? detail.customValue : null });
    }
  }

  let active = true;
  let discontinuationReason: string | null = null;
  if (!draft.active) {
    if (section !== 'MEDICATIONS' || specialType) throw invalidItem();
    if (!draft.discontinuationReason) throw reasonRequired();
    if (!reasonCodes.has(draft.discontinuationReason)) throw invalidItem();
    active = false;
    discontinuationReason = draft.discontinuationReason;
  }
  if (specialType) details = [];

  const identity = { section, specialType, code: draft.code, name: name.trim(), active };
  return {
    id: draft.id,
    ...identity,
    customValue: specialType || socialSections.has(section) ? null : draft.customValue,
    status: status as HistoryStatusCode,
    details,
    discontinuationReason,
    duplicateKey: duplicateKeyOf(identity),
  };
}

/**
 * The rules across the entries of one section: negatives give way to real entries (spec §4), no
 * duplicate by name (allergies, past medical, surgical and family items; medications among the
 * active ones), social history single-choice and exclusive options.
 */
export function normalizeSection(section: HistorySection, items: NormalizedItem[]): NormalizedItem[] {
  const real = items.filter((i) => !i.specialType);
  const negatives = items.filter((i) => i.specialType);
  let kept: NormalizedItem[];
  if (section === 'DRUG') {
    // "Does not misuse drugs" is an answer among the drug options, not a placeholder.
    kept = [...real, ...negatives];
  } else if (real.some((i) => i.active)) {
    // Discontinued medications do not count: after stopping them all, "No known medications" stands.
    kept = real;
  } else if (real.length > 0) {
    kept = [...real, ...uniqueBy(negatives, (i) => i.code).slice(0, 1)];
  } else {
    // Only negatives: DENIES and UNKNOWN exclude each other too; one answer stays.
    kept = uniqueBy(negatives, (i) => i.code).slice(0, 1);
  }

  if (socialSections.has(section)) {
    const category = socialHistoryCategories[section as keyof typeof socialHistoryCategories];
    kept = uniqueBy(kept, (i) => i.code);
    if (!category.multiple && kept.length > 1) throw invalidItem();
    const exclusive = kept.filter((i) => category.exclusiveOptions.includes(i.code));
    if (exclusive.length > 0 && kept.length > 1) throw invalidItem();
    return kept;
  }

  const seen = new Set<string>();
  for (const item of kept) {
    if (item.specialType) continue;
    if (section === 'MEDICATIONS' && !item.active) continue;
    const key = historyNameKey(item.name);
    if (seen.has(key)) throw duplicate(section, item.name);
    seen.add(key);
  }
  return kept;
}

function uniqueBy<T>(values: T[], key: (value: T) => string): T[] {
  const seen = new Set<string>();
  return values.filter((value) => {
    const k = key(value);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

const statusDisplay = new Map<string, string>(historyStatuses.map((s) => [s.code, s.display]));

/** A stored row as the contract's SubjectiveItem. */
export function toSubjectiveItem(row: {
  id: number;
  section: HistorySection;
  specialType: SpecialType | null;
  code: string;
  name: string;
  customValue: string | null;
  status: HistoryStatusCode;
  details: HistoryDetail[];
  active: boolean;
  discontinuationReason: string | null;
  externalId: string | null;
  updatedAt: Date;
}): SubjectiveItem {
  const section = row.section;
  const attributes: SubjectiveItem['attributes'] = [
    {
      attributeId: attributeIdOf(section, 1),
      order: 1,
      values: [{ value: row.code, description: row.name, customValue: row.customValue }],
    },
    {
      attributeId: attributeIdOf(section, 2),
      order: 2,
      values: [
        { value: row.status, description: statusDisplay.get(row.status) ?? row.status, customValue: null },
      ],
    },
  ];
  if (section === 'ALLERGIES' || section === 'FAMILY_HISTORY') {
    if (!row.specialType)
      attributes.push({
        attributeId: attributeIdOf(section, 3),
        order: 3,
        values: row.details.map((d) => ({
          value: d.code,
          description: codeDisplay(d.code) ?? d.code,
          customValue: d.customValue,
        })),
      });
  } else if (section === 'MEDICATIONS' && row.discontinuationReason) {
    attributes.push({
      attributeId: attributeIdOf(section, 3),
      order: 3,
      values: [
        {
          value: row.discontinuationReason,
          description: codeDisplay(row.discontinuationReason) ?? row.discontinuationReason,
          customValue: null,
        },
      ],
    });
  }
  return {
    id: row.id,
    active: row.active,
    templateId: templateIdBySection[section],
    sectionId: section,
    primaryAttributeValue: row.code,
    specialType: row.specialType,
    attributes,
    dateModified: row.updatedAt.toISOString(),
    enteredByClinic: row.externalId !== null,
  };
}

const statusOptions = historyStatuses.map((s) => ({ value: s.code, description: s.display }));

/** The ten section templates (fixed: built once from the contract's lists). */
export const sectionTemplates: SectionTemplate[] = (Object.keys(templateIdBySection) as HistorySection[]).map(
  (section) => {
    const social = socialSections.has(section)
      ? socialHistoryCategories[section as keyof typeof socialHistoryCategories]
      : null;
    const attributes: SectionTemplate['attributes'] = [
      {
        attributeId: attributeIdOf(section, 1),
        order: 1,
        name: social ? section : 'primary',
        multiple: false,
        options: social ? social.options.map((o) => ({ value: o.code, description: o.display })) : [],
        defaultValue: null,
      },
      {
        attributeId: attributeIdOf(section, 2),
        order: 2,
        name: 'status',
        multiple: false,
        options: statusOptions,
        defaultValue: defaultStatusBySection[section],
      },
    ];
    const third =
      section === 'ALLERGIES'
        ? { name: 'reactions', multiple: true, list: allergyReactions, defaultValue: null }
        : section === 'FAMILY_HISTORY'
          ? {
              name: 'relatives',
              multiple: true,
              list: [...familyRelations.PRIMARY, ...familyRelations.SECONDARY, ...familyRelations.TERTIARY],
              defaultValue: null,
            }
          : section === 'MEDICATIONS'
            ? {
                name: 'discontinuationReason',
                multiple: false,
                list: discontinuationReasons,
                defaultValue: '182870006',
              }
            : null;
    if (third)
      attributes.push({
        attributeId: attributeIdOf(section, 3),
        order: 3,
        name: third.name,
        multiple: third.multiple,
        options: third.list.map((o) => ({ value: o.code, description: o.display })),
        defaultValue: third.defaultValue,
      });
    return {
      templateId: templateIdBySection[section],
      sectionId: section,
      attributes,
      negativeItems: negativeItems
        .filter((n) => n.section === section)
        .map((n) => ({ specialType: n.specialType, value: n.code, description: n.display })),
      multiple: social ? social.multiple : true,
      exclusiveOptions: social ? [...social.exclusiveOptions] : [],
    };
  },
);
