import { useState } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { socialHistoryPages, socialHistorySections, type ListSection } from '@dermis/contract';
import { ErrorModal } from '../../../components/error-modal';
import { ListSkeleton } from '../../../components/skeletons';
import { errorMessage } from '../../../lib/api';
import { t } from '../../../lib/i18n';
import type { HistoryBlock } from '../blocks';
import { ShowAll, useFocusFirstNew } from '../../../components/show-all';
import {
  useHistory,
  useHistorySection,
  useNewestHistory,
  useSaveHistory,
  type HistoryContext,
} from '../api/history';
import { sectionDrafts, socialInputs, socialSelection, toInput, type DraftItem } from '../history-draft';
import type { WizardStep } from '../wizard/steps';
import type { WizardStepProps } from '../wizard/wizard';
import { ListEditor } from './list-editor';
import { PrescriptionsBlock } from './prescriptions-block';
import { SocialHistoryForm, SocialHistorySummary } from './social-history';

function LoadFailed() {
  return (
    <Text role="alert" c="red.9">
      {t('history.error.notFound')}
    </Text>
  );
}

/**
 * A list on the profile page: its newest 20 first (decision 257), every change saved at once, and a
 * refused save shows why and changes nothing. A save replaces the list whole, so a list longer than
 * that is edited only once it is held whole: "Show all" or the plus loads it, and until then its
 * entries are shown without the controls that change them.
 */
function ProfileList({
  section,
  patientId,
  searching,
  closeSearch,
  readOnly,
}: {
  section: ListSection;
  patientId: number;
  searching: boolean;
  closeSearch: () => void;
  readOnly: boolean;
}) {
  const newest = useNewestHistory(patientId);
  const [showAll, setShowAll] = useState(false);
  const newestItems = newest.data ? newest.data.items.filter((i) => i.sectionId === section) : [];
  const total = newest.data?.totals?.[section] ?? newestItems.length;
  const cut = total > newestItems.length;
  const whole = useHistorySection(patientId, section, cut && (showAll || (searching && !readOnly)));
  const save = useSaveHistory({ patientId });
  const focus = useFocusFirstNew();
  const [error, setError] = useState<string | null>(null);
  if (newest.isPending) return <ListSkeleton rows={2} />;
  if (newest.isError) return <LoadFailed />;
  // The list an editor may save: whole, never only the newest of a longer list.
  const held = cut ? whole.data?.items : newestItems;
  const list = sectionDrafts(held ?? newestItems, section);
  const editable = held !== undefined;
  return (
    <>
      <ListEditor
        section={section}
        list={list}
        readOnly={readOnly || !editable}
        searching={searching && editable}
        focusSearch
        onSearchBlur={closeSearch}
        // Entries "Show all" adds come before the newest: focus goes to the first of them.
        entryRef={(position) => focus.refAt(position, held === undefined ? 'newest' : 'whole')}
        onChange={(next) => {
          if (!editable) return;
          save.mutate(
            { items: next.map(toInput), sections: [section] },
            { onError: (failure) => setError(errorMessage(failure)) },
          );
        }}
      />
      {cut && held === undefined && (
        <ShowAll
          testId={`history-show-all-${section}`}
          section={t(`history.section.${section}`)}
          state={{
            shown: newestItems.length,
            total,
            loading: whole.isFetching,
            failed: whole.isError,
            onShow: () => {
              if (held === undefined) focus.focusFrom(0, 'whole');
              setShowAll(true);
              if (whole.isError) void whole.refetch();
            },
          }}
        />
      )}
      <ErrorModal message={error} onClose={() => setError(null)} />
    </>
  );
}

function ProfileSocialHistory({ patientId }: { patientId: number }) {
  // Social history is whole in the limited answer (a few options a category).
  const history = useNewestHistory(patientId);
  if (history.isPending) return <ListSkeleton rows={3} />;
  if (history.isError) return <LoadFailed />;
  return (
    <SocialHistorySummary sections={socialHistorySections} selection={socialSelection(history.data.items)} />
  );
}

interface HistoryBlockContentProps {
  block: HistoryBlock;
  patientId: number;
  searching: boolean;
  closeSearch: () => void;
  readOnly?: boolean;
}

/** One block of the My Health Profile accordion. */
export function HistoryBlockContent({
  block,
  patientId,
  searching,
  closeSearch,
  readOnly = false,
}: HistoryBlockContentProps) {
  if (block === 'PRESCRIPTIONS') return <PrescriptionsBlock patientId={patientId} />;
  if (block === 'SOCIAL_HISTORY') return <ProfileSocialHistory patientId={patientId} />;
  return (
    <ProfileList
      section={block}
      patientId={patientId}
      searching={searching}
      closeSearch={closeSearch}
      readOnly={readOnly}
    />
  );
}

// ------------------------------------------------------------------------------------------------
// The wizard's history steps

const sectionOfStep: Record<Exclude<WizardStep, 'basic-info' | 'social-history'>, ListSection> = {
  allergies: 'ALLERGIES',
  medications: 'MEDICATIONS',
  'past-medical-history': 'PAST_MEDICAL_HISTORY',
  'family-history': 'FAMILY_HISTORY',
  'surgical-history': 'SURGICAL_HISTORY',
};

interface HistoryStepContentProps extends WizardStepProps {
  step: Exclude<WizardStep, 'basic-info'>;
  context: HistoryContext;
  /** Screening sends snomedModelType HISTORY (spec 001 §7). */
  screening: boolean;
}

/** Back (when there is a step before) and Next, each showing its own wait while the step saves. */
function StepButtons({
  label,
  pending,
  onNext,
  onBack,
}: {
  label: string;
  pending: 'next' | 'back' | null;
  onNext: () => void;
  onBack?: () => void;
}) {
  return (
    <Group justify={onBack ? 'space-between' : 'flex-end'} mt="md">
      {onBack && (
        <Button
          variant="default"
          leftSection={<IconArrowLeft size={16} aria-hidden />}
          onClick={onBack}
          loading={pending === 'back'}
          disabled={pending === 'next'}
          data-testid="wizard-back"
        >
          {t('wizard.back')}
        </Button>
      )}
      <Button
        onClick={onNext}
        loading={pending === 'next'}
        disabled={pending === 'back'}
        data-testid="wizard-next"
      >
        {label}
      </Button>
    </Group>
  );
}

function WizardList({
  section,
  initial,
  context,
  screening,
  onSaved,
  onFailed,
  onBack,
}: WizardStepProps & {
  section: ListSection;
  initial: DraftItem[];
  context: HistoryContext;
  screening: boolean;
}) {
  const [list, setList] = useState(initial);
  const [going, setGoing] = useState<'next' | 'back' | null>(null);
  const save = useSaveHistory(context, screening);
  // Back saves the list as Next does: what was ticked here is not lost on the way back.
  const saveThen = (direction: 'next' | 'back', then: () => void) => {
    setGoing(direction);
    save.mutate(
      { items: list.map(toInput), sections: [section] },
      {
        onSuccess: then,
        onError: (failure) => {
          setGoing(null);
          onFailed(errorMessage(failure));
        },
      },
    );
  };
  return (
    <>
      <ListEditor section={section} list={list} onChange={setList} searching />
      <StepButtons
        label={t('wizard.next')}
        pending={save.isPending ? going : null}
        onNext={() => saveThen('next', onSaved)}
        onBack={onBack && (() => saveThen('back', onBack))}
      />
    </>
  );
}

function WizardSocial({
  initial,
  context,
  screening,
  onSaved,
  onFailed,
  onBack,
}: WizardStepProps & {
  initial: ReturnType<typeof socialSelection>;
  context: HistoryContext;
  screening: boolean;
}) {
  const [selection, setSelection] = useState(initial);
  const [page, setPage] = useState(0);
  const [going, setGoing] = useState<'next' | 'back' | null>(null);
  const save = useSaveHistory(context, screening);
  const last = page === socialHistoryPages.length - 1;
  const saveThen = (direction: 'next' | 'back', then: () => void) => {
    setGoing(direction);
    save.mutate(
      { items: socialInputs(selection, socialHistorySections), sections: [...socialHistorySections] },
      {
        onSuccess: then,
        onError: (failure) => {
          setGoing(null);
          onFailed(errorMessage(failure));
        },
      },
    );
  };
  // On the second page Back returns to the first; on the first it saves and leaves for the step before.
  const back = page > 0 ? () => setPage(page - 1) : onBack && (() => saveThen('back', onBack));
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed" data-testid="social-page">
        {t('healthProfile.socialPage', { current: page + 1, total: socialHistoryPages.length })}
      </Text>
      <SocialHistoryForm
        sections={socialHistoryPages[page] ?? []}
        selection={selection}
        onChange={setSelection}
      />
      <StepButtons
        label={last ? t('wizard.finish') : t('wizard.next')}
        pending={save.isPending ? going : null}
        onBack={back}
        onNext={() => {
          if (!last) {
            setPage(page + 1);
            return;
          }
          saveThen('next', onSaved);
        }}
      />
    </Stack>
  );
}

/** One history step of the wizard: the list is edited locally and saved by Next (spec 001 §4). */
export function HistoryStepContent({
  step,
  context,
  screening,
  onSaved,
  onFailed,
  onBack,
}: HistoryStepContentProps) {
  const history = useHistory(context);
  if (history.isPending) return <ListSkeleton rows={3} />;
  if (history.isError) return <LoadFailed />;
  if (step === 'social-history')
    return (
      <WizardSocial
        initial={socialSelection(history.data.items)}
        context={context}
        screening={screening}
        onSaved={onSaved}
        onFailed={onFailed}
        onBack={onBack}
      />
    );
  const section = sectionOfStep[step];
  return (
    <WizardList
      section={section}
      initial={sectionDrafts(history.data.items, section)}
      context={context}
      screening={screening}
      onSaved={onSaved}
      onFailed={onFailed}
      onBack={onBack}
    />
  );
}
