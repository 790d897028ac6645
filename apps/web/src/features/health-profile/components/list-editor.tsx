import { useMemo, useState } from 'react';
import { ActionIcon, Anchor, Checkbox, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { duplicateMessageKey, type ListSection } from '@dermis/contract';
import { ConfirmModal } from '../../../components/confirm-modal';
import { ErrorModal } from '../../../components/error-modal';
import { useScreenfulFirst } from '../../../components/screenful-first';
import { useApiClient } from '../../../lib/api';
import { t } from '../../../lib/i18n';
import { searchFor } from '../api/search';
import { codeText } from '../code-text';
import {
  findDuplicate,
  isNegative,
  negativesOf,
  newDraft,
  toggleNegative,
  withAdded,
  type CodeName,
  type DraftItem,
} from '../history-draft';
import { DiscontinueModal, MedicationDialog, ReactionsModal, RelativesModal } from './history-modals';
import { HistorySearch, type SearchOption } from './history-search';

type MedicationFilter = 'ACTIVE' | 'INACTIVE' | 'ALL';

interface ListEditorProps {
  section: ListSection;
  list: readonly DraftItem[];
  onChange: (next: DraftItem[]) => void;
  /** Show the search input (the plus was pressed, or always in the wizard). */
  searching: boolean;
  /** The search lost focus (on the profile page it then hides). */
  onSearchBlur?: () => void;
  /** Focus the search input when it appears. */
  focusSearch?: boolean;
  readOnly?: boolean;
  /** A ref for the entry at a place of the shown list (the one "Show all" moves focus to). */
  entryRef?: (position: number) => ((element: HTMLElement | null) => void) | undefined;
}

/** Which modal is open, and for which item (an index into the list, or a search pick being added). */
type Dialog =
  | { kind: 'reactions'; index: number | null; option?: SearchOption }
  | { kind: 'relatives'; index: number | null; option?: SearchOption }
  | { kind: 'discontinue'; index: number }
  | { kind: 'confirmRemove'; index: number }
  | { kind: 'medication'; index: number }
  | null;

function detailText(item: DraftItem): string {
  return item.details.map((d) => codeText(d.code, d.name)).join(', ');
}

/**
 * One history list (spec 001 §4): the search, the chosen items as ticked boxes, and the negative
 * answers. Allergies ask for reactions and family items for relatives when added or edited; an
 * unticked medication asks for a discontinuation reason; past medical, surgical and family items ask
 * for confirmation before they go. Each change is handed up whole (`onChange`), so the page can save
 * at once and the wizard on Next.
 */
export function ListEditor({
  section,
  list,
  onChange,
  searching,
  onSearchBlur,
  focusSearch,
  readOnly = false,
  entryRef,
}: ListEditorProps) {
  const client = useApiClient();
  const search = useMemo(() => searchFor(client, section), [client, section]);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [error, setError] = useState<string | null>(null);
  const [filter, setFilter] = useState<MedicationFilter>('ACTIVE');
  const close = () => setDialog(null);

  function pick(option: SearchOption) {
    if (findDuplicate(list, option.label)) {
      setError(t(duplicateMessageKey(section), { name: option.label }));
      return;
    }
    if (section === 'ALLERGIES') setDialog({ kind: 'reactions', index: null, option });
    else if (section === 'FAMILY_HISTORY') setDialog({ kind: 'relatives', index: null, option });
    else onChange(withAdded(list, newDraft(section, option)));
  }

  function saveDetails(details: CodeName[]) {
    if (!dialog || (dialog.kind !== 'reactions' && dialog.kind !== 'relatives')) return;
    if (dialog.index === null && dialog.option)
      onChange(withAdded(list, newDraft(section, dialog.option, details)));
    else if (dialog.index !== null)
      onChange(list.map((d, i) => (i === dialog.index ? { ...d, details } : d)));
    close();
  }

  function untick(index: number) {
    if (section === 'ALLERGIES') onChange(list.filter((_, i) => i !== index));
    else if (section === 'MEDICATIONS') setDialog({ kind: 'discontinue', index });
    else setDialog({ kind: 'confirmRemove', index });
  }

  function negative(code: string) {
    const result = toggleNegative(list, section, code);
    if ('blocked' in result) setError(t('history.error.negativeWithItems'));
    else onChange(result.list);
  }

  const shown = list
    .map((item, index) => ({ item, index }))
    .filter(({ item }) => !isNegative(item))
    .filter(
      ({ item }) =>
        section !== 'MEDICATIONS' || filter === 'ALL' || (filter === 'ACTIVE' ? item.active : !item.active),
    );
  const rows = useScreenfulFirst(shown);
  const sectionName = t(`history.section.${section}`);
  const dialogItem = dialog && 'index' in dialog && dialog.index !== null ? list[dialog.index] : undefined;
  const dialogName =
    dialog && (dialog.kind === 'reactions' || dialog.kind === 'relatives')
      ? (dialog.option?.label ?? dialogItem?.name ?? '')
      : null;

  return (
    <Stack gap="sm" data-testid={`list-${section}`}>
      {searching && !readOnly && (
        <HistorySearch
          sectionName={sectionName}
          queryKey={section}
          search={search}
          onPick={pick}
          onBlur={onSearchBlur}
          autoFocus={focusSearch}
        />
      )}
      {section === 'MEDICATIONS' && (
        <SegmentedControl
          aria-label={t('healthProfile.filterLabel')}
          size="xs"
          value={filter}
          onChange={(value) => setFilter(value)}
          data={(['ACTIVE', 'INACTIVE', 'ALL'] as const).map((value) => ({
            value,
            label: t(`healthProfile.filter.${value}`),
          }))}
        />
      )}
      {shown.length === 0 && !list.some(isNegative) && (
        <Text c="dimmed" size="sm" data-testid={`list-empty-${section}`}>
          {t('healthProfile.listEmpty')}
        </Text>
      )}
      <Stack
        gap="xs"
        component="ul"
        style={{ listStyle: 'none', margin: 0, padding: 0 }}
        data-rows-pending={rows.pending || undefined}
      >
        {rows.items.map(({ item, index }, position) => (
          <Group
            key={`${item.code}-${index}`}
            component="li"
            gap="xs"
            wrap="nowrap"
            justify="space-between"
            ref={entryRef?.(position)}
            tabIndex={entryRef ? -1 : undefined}
          >
            {section === 'MEDICATIONS' && !item.active ? (
              <Anchor
                component="button"
                type="button"
                onClick={() => setDialog({ kind: 'medication', index })}
              >
                {item.name} {t('history.discontinued')}
              </Anchor>
            ) : readOnly ? (
              <Stack gap={0}>
                <Text>{item.name}</Text>
                {item.details.length > 0 && (
                  <Text size="sm" c="dimmed">
                    {detailText(item)}
                  </Text>
                )}
              </Stack>
            ) : (
              <Checkbox
                checked
                onChange={() => untick(index)}
                label={item.name}
                description={item.details.length > 0 ? detailText(item) : undefined}
              />
            )}
            {!readOnly && (section === 'ALLERGIES' || section === 'FAMILY_HISTORY') && (
              <ActionIcon
                variant="subtle"
                aria-label={t('healthProfile.edit', { name: item.name })}
                onClick={() =>
                  setDialog({ kind: section === 'ALLERGIES' ? 'reactions' : 'relatives', index })
                }
              >
                <IconPencil size={18} aria-hidden />
              </ActionIcon>
            )}
          </Group>
        ))}
      </Stack>
      {readOnly ? (
        list.filter(isNegative).map((item) => <Text key={item.code}>{codeText(item.code, item.name)}</Text>)
      ) : (
        <Stack gap={6} role="group" aria-label={t('healthProfile.negativesLegend')}>
          {negativesOf(section).map((n) => (
            <Checkbox
              key={n.code}
              label={codeText(n.code, n.display)}
              checked={list.some((d) => isNegative(d) && d.code === n.code)}
              onChange={() => negative(n.code)}
            />
          ))}
        </Stack>
      )}

      <ReactionsModal
        name={dialog?.kind === 'reactions' ? dialogName : null}
        initial={dialogItem?.details ?? []}
        onSave={saveDetails}
        onClose={close}
      />
      <RelativesModal
        name={dialog?.kind === 'relatives' ? dialogName : null}
        initial={dialogItem?.details ?? []}
        onSave={saveDetails}
        onClose={close}
      />
      <DiscontinueModal
        name={dialog?.kind === 'discontinue' ? (dialogItem?.name ?? '') : null}
        onClose={close}
        onSave={(reason) => {
          if (dialog?.kind === 'discontinue')
            onChange(
              list.map((d, i) => (i === dialog.index ? { ...d, active: false, details: [reason] } : d)),
            );
          close();
        }}
      />
      <ConfirmModal
        opened={dialog?.kind === 'confirmRemove'}
        onClose={close}
        title={t('healthProfile.confirmTitle')}
        danger
        confirmLabel={t('components.ok')}
        confirmTestId="confirm-remove"
        onConfirm={() => {
          if (dialog?.kind === 'confirmRemove') onChange(list.filter((_, i) => i !== dialog.index));
          close();
        }}
      >
        <Text>{t('healthProfile.confirmAction')}</Text>
      </ConfirmModal>
      <MedicationDialog
        medication={
          dialog?.kind === 'medication' && dialogItem
            ? { name: dialogItem.name, reason: dialogItem.details[0] ?? null }
            : null
        }
        onClose={close}
      />
      <ErrorModal message={error} onClose={() => setError(null)} />
    </Stack>
  );
}
