import {
  codeDisplay,
  defaultStatusBySection,
  historyNameKey,
  negativeItems,
  socialHistoryCategories,
  socialHistoryCodes,
  socialHistorySections,
  type HistorySection,
  type ListSection,
  type SocialHistorySection,
  type SpecialType,
  type SubjectiveItem,
  type SubjectiveItemInput,
} from '@dermis/contract';
import type { SearchOption } from './components/history-search';

export interface CodeName {
  code: string;
  name: string;
}

/**
 * One history entry as the lists edit it: the primary value (code, name, concept type), its status,
 * and its order-3 values (reactions, relatives, or the discontinuation reason).
 */
export interface DraftItem {
  id: number | null;
  active: boolean;
  sectionId: HistorySection;
  specialType: SpecialType | null;
  code: string;
  name: string;
  customValue: string | null;
  status: string;
  details: CodeName[];
}

export function fromItem(item: SubjectiveItem): DraftItem {
  const primary = item.attributes.find((a) => a.order === 1)?.values[0];
  const status = item.attributes.find((a) => a.order === 2)?.values[0];
  return {
    id: item.id,
    active: item.active,
    sectionId: item.sectionId,
    specialType: item.specialType,
    code: item.primaryAttributeValue,
    name: primary?.description ?? '',
    customValue: primary?.customValue ?? null,
    status: status?.value ?? defaultStatusBySection[item.sectionId],
    details: (item.attributes.find((a) => a.order === 3)?.values ?? []).map((v) => ({
      code: v.value,
      name: v.description,
    })),
  };
}

export function toInput(draft: DraftItem): SubjectiveItemInput {
  const attributes: SubjectiveItemInput['attributes'] = [
    { order: 1, values: [{ value: draft.code, description: draft.name, customValue: draft.customValue }] },
    { order: 2, values: [{ value: draft.status, description: codeDisplay(draft.status) ?? '' }] },
  ];
  if (draft.details.length > 0) {
    attributes.push({
      order: 3,
      values: draft.details.map((d) => ({ value: d.code, description: d.name })),
    });
  }
  return {
    ...(draft.id === null ? {} : { id: draft.id }),
    active: draft.active,
    sectionId: draft.sectionId,
    specialType: draft.specialType,
    attributes,
  };
}

export function sectionDrafts(items: readonly SubjectiveItem[], section: HistorySection): DraftItem[] {
  return items.filter((item) => item.sectionId === section).map(fromItem);
}

export function newDraft(section: HistorySection, option: SearchOption, details: CodeName[] = []): DraftItem {
  return {
    id: null,
    active: true,
    sectionId: section,
    specialType: null,
    code: option.key,
    name: option.label,
    customValue: option.customValue,
    status: defaultStatusBySection[section],
    details,
  };
}

export function isNegative(draft: DraftItem): boolean {
  return draft.specialType !== null;
}

/** The fixed 'none' answers of a list (spec 001 §3), e.g. 'No known allergies' and 'Unknown'. */
export function negativesOf(section: HistorySection) {
  return negativeItems.filter((n) => n.section === section);
}

/** A real item is already on the list under that name (medications: an active one). */
export function findDuplicate(list: readonly DraftItem[], name: string): DraftItem | undefined {
  const key = historyNameKey(name);
  return list.find(
    (d) => !isNegative(d) && historyNameKey(d.name) === key && (d.sectionId !== 'MEDICATIONS' || d.active),
  );
}

/** Adding a real item drops the section's negatives (spec 001 §4). */
export function withAdded(list: readonly DraftItem[], item: DraftItem): DraftItem[] {
  return [...list.filter((d) => !isNegative(d)), item];
}

export type NegativeToggle = { list: DraftItem[] } | { blocked: true };

/**
 * Checking a negative clears every other selection; unchecking it removes it. Medications: while an
 * active medication is on the list a negative is refused ('You need to explicitly remove all items
 * that are added to your list.'); discontinued ones stay as history.
 */
export function toggleNegative(
  list: readonly DraftItem[],
  section: ListSection,
  code: string,
): NegativeToggle {
  if (list.some((d) => d.code === code && isNegative(d)))
    return { list: list.filter((d) => d.code !== code) };
  const negative = negativesOf(section).find((n) => n.code === code);
  if (!negative) return { list: [...list] };
  if (section === 'MEDICATIONS' && list.some((d) => !isNegative(d) && d.active)) return { blocked: true };
  const kept = section === 'MEDICATIONS' ? list.filter((d) => !isNegative(d) && !d.active) : [];
  return {
    list: [
      ...kept,
      {
        id: null,
        active: true,
        sectionId: section,
        specialType: negative.specialType,
        code: negative.code,
        name: negative.display,
        customValue: null,
        status: defaultStatusBySection[section],
        details: [],
      },
    ],
  };
}

// --------------------------------------------------------------------------------------------
// Social history: chosen option codes per category

export type SocialSelection = Record<SocialHistorySection, string[]>;

export function socialSelection(items: readonly SubjectiveItem[]): SocialSelection {
  const selection = Object.fromEntries(
    socialHistorySections.map((s) => [s, [] as string[]]),
  ) as SocialSelection;
  for (const item of items) {
    if ((socialHistorySections as readonly string[]).includes(item.sectionId)) {
      selection[item.sectionId as SocialHistorySection].push(item.primaryAttributeValue);
    }
  }
  return selection;
}

/**
 * Spec 001 §4: a single-choice category keeps one option; an exclusive option (alcohol's negative,
 * 'Does not misuse drugs') clears the others and is cleared by them; any drug option other than
 * 'Misuses drugs' clears 'Misuses drugs', which in turn clears 'Does not misuse drugs'.
 */
export function toggleSocial(
  selection: SocialSelection,
  section: SocialHistorySection,
  code: string,
): SocialSelection {
  const category = socialHistoryCategories[section];
  const current = selection[section];
  let next: string[];
  if (!category.multiple) next = current.includes(code) ? [] : [code];
  else if (current.includes(code)) next = current.filter((c) => c !== code);
  else if (category.exclusiveOptions.includes(code)) next = [code];
  else {
    next = [...current.filter((c) => !category.exclusiveOptions.includes(c)), code];
    if (section === 'DRUG' && code !== socialHistoryCodes.misusesDrugs) {
      next = next.filter((c) => c !== socialHistoryCodes.misusesDrugs);
    }
  }
  return { ...selection, [section]: next };
}

/** The items a social-history save sends: one per chosen option; 'Does not misuse drugs' as DENIES. */
export function socialInputs(
  selection: SocialSelection,
  sections: readonly SocialHistorySection[],
): SubjectiveItemInput[] {
  return sections.flatMap((section) =>
    selection[section].map((code) =>
      toInput({
        id: null,
        active: true,
        sectionId: section,
        specialType: code === socialHistoryCodes.noDrugMisuse ? 'DENIES' : null,
        code,
        name: codeDisplay(code) ?? code,
        customValue: null,
        status: defaultStatusBySection[section],
        details: [],
      }),
    ),
  );
}
