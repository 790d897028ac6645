import { useState } from 'react';
import { renumberCareTeam, type CareTeamMember, type ProviderDirectoryResult } from '@dermis/contract';
import { Alert, Button, Stack, Text } from '@mantine/core';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type Modifier,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  SortableContext,
  arrayMove,
  sortableKeyboardCoordinates,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { IconAlertTriangle, IconPlus, IconStethoscope } from '@tabler/icons-react';
import { ConfirmModal } from '../../../components/confirm-modal';
import { ErrorModal } from '../../../components/error-modal';
import { EmptyState } from '../../../components/empty-state';
import { useScreenfulFirst } from '../../../components/screenful-first';
import { SectionCard } from '../../../components/section-card';
import { errorMessage } from '../../../lib/api';
import { t } from '../../../lib/i18n';
import { useCareTeam, useSaveCareTeam } from '../api/care-team';
import { memberKey, toMember } from './care-team-member';
import { ProviderSearch } from './provider-search';
import { SortableMember } from './sortable-member';

/** Spec 001 §4: reorder by drag handle, vertical axis only. */
const verticalOnly: Modifier = ({ transform }) => ({ ...transform, x: 0 });

/**
 * The care team editor (spec 001 §2, §4, §5): add from the directory, reorder by dragging a handle
 * (mouse, touch or keyboard, with spoken announcements), remove with confirmation. After every
 * change the orders are renumbered 1..n and the whole list is saved.
 */
export function CareTeamEditor({ patientId }: { patientId: number }) {
  const team = useCareTeam(patientId);
  const save = useSaveCareTeam(patientId);
  const [searching, setSearching] = useState(false);
  const [removing, setRemoving] = useState<CareTeamMember | null>(null);
  const [error, setError] = useState<string | null>(null);
  const members = team.data?.careTeamMembers ?? [];
  const ids = members.map(memberKey);
  const rows = useScreenfulFirst(members);

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const store = (next: CareTeamMember[]) =>
    save.mutate(renumberCareTeam(next), {
      onError: (failure) => setError(errorMessage(failure, t('careTeam.saveFailed'))),
    });

  const add = (provider: ProviderDirectoryResult) => {
    setSearching(false);
    const existing = members.find((m) => m.addressBookInfo.npi === provider.npi);
    if (existing) {
      setError(t('careTeam.alreadyAdded', { name: existing.addressBookInfo.name }));
      return;
    }
    store([...members, toMember(provider)]);
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(String(active.id));
    const to = ids.indexOf(String(over.id));
    if (from < 0 || to < 0) return;
    store(arrayMove(members, from, to));
  };

  const nameOf = (id: UniqueIdentifier) =>
    members.find((m) => memberKey(m) === id)?.addressBookInfo.name ?? '';
  const positionOf = (id: UniqueIdentifier) => ids.indexOf(String(id)) + 1;
  const total = members.length;
  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      t('careTeam.dragStart', { name: nameOf(active.id), position: positionOf(active.id), total }),
    // Over itself right after the pick-up: say nothing, so "Picked up…" is not cut short.
    onDragOver: ({ active, over }) =>
      over
        ? over.id === active.id
          ? undefined
          : t('careTeam.dragOver', { name: nameOf(active.id), position: positionOf(over.id), total })
        : t('careTeam.dragOutside', { name: nameOf(active.id) }),
    onDragEnd: ({ active, over }) =>
      over
        ? t('careTeam.dragEnd', { name: nameOf(active.id), position: positionOf(over.id), total })
        : t('careTeam.dragCancel', { name: nameOf(active.id), position: positionOf(active.id), total }),
    onDragCancel: ({ active }) =>
      t('careTeam.dragCancel', { name: nameOf(active.id), position: positionOf(active.id), total }),
  };

  return (
    <SectionCard
      title={t('careTeam.providers')}
      actions={
        !searching && (
          <Button
            id="care-team-add"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => setSearching(true)}
          >
            {t('careTeam.addProvider')}
          </Button>
        )
      }
    >
      <Stack>
        {searching && (
          <ProviderSearch
            onPick={add}
            onClose={(returnFocus) => {
              setSearching(false);
              if (returnFocus) setTimeout(() => document.getElementById('care-team-add')?.focus());
            }}
          />
        )}
        {team.isError && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertTriangle size={18} aria-hidden />}
            role="alert"
            data-testid="care-team-fetch-failed"
          >
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{t('careTeam.fetchFailed')}</Text>
              <Button size="xs" variant="default" onClick={() => void team.refetch()}>
                {t('careTeam.retry')}
              </Button>
            </Stack>
          </Alert>
        )}
        {team.isSuccess && members.length === 0 && (
          <EmptyState icon={IconStethoscope} message={t('careTeam.empty')} testId="care-team-empty" />
        )}
        {members.length > 0 && (
          <DndContext
            sensors={sensors}
            collisionDetection={closestCenter}
            modifiers={[verticalOnly]}
            onDragEnd={onDragEnd}
            accessibility={{
              announcements,
              screenReaderInstructions: { draggable: t('careTeam.dragInstructions') },
            }}
          >
            <SortableContext items={ids} strategy={verticalListSortingStrategy}>
              <Stack
                gap="sm"
                component="ol"
                aria-label={t('careTeam.providers')}
                data-testid="care-team-list"
                data-rows-pending={rows.pending || undefined}
                style={{ listStyle: 'none', padding: 0, margin: 0 }}
              >
                {rows.items.map((member) => (
                  <SortableMember key={memberKey(member)} member={member} onRemove={setRemoving} />
                ))}
              </Stack>
            </SortableContext>
          </DndContext>
        )}
      </Stack>
      <ConfirmModal
        opened={removing !== null}
        onClose={() => setRemoving(null)}
        title={t('careTeam.removeTitle')}
        confirmLabel={t('careTeam.remove')}
        danger
        onConfirm={() => {
          if (removing) store(members.filter((m) => memberKey(m) !== memberKey(removing)));
          setRemoving(null);
        }}
      >
        <Text>{t('careTeam.removeConfirm', { name: removing?.addressBookInfo.name ?? '' })}</Text>
      </ConfirmModal>
      <ErrorModal message={error} onClose={() => setError(null)} />
    </SectionCard>
  );
}
