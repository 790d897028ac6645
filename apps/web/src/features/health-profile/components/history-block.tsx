import { useState } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { socialHistoryPages, socialHistorySections, type ListSection } from '@dermis/contract';
import { ErrorModal } from '../../../components/error-modal';
import { ListSkeleton } from '../../../components/skeletons';
import { errorMessage } from '../../../lib/api';
import { t } from '../../../lib/i18n';
import type { HistoryBlock } from '../blocks';
import { useHistory, useSaveHistory, type HistoryContext } from '../api/history';
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

/** A list on the profile page: every change is saved at once; a refused save shows why and changes nothing. */
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
  const context = { patientId };
  const history = useHistory(context);
  const save = useSaveHistory(context);
  const [error, setError] = useState<string | null>(null);
  if (history.isPending) return <ListSkeleton rows={2} />;
  if (history.isError) return <LoadFailed />;
  return (
    <>
      <ListEditor
        section={section}
        list={sectionDrafts(history.data.items, section)}
        readOnly={readOnly}
        searching={searching}
        focusSearch
        onSearchBlur={closeSearch}
        onChange={(next) =>
          save.mutate(
            { items: next.map(toInput), sections: [section] },
            { onError: (failure) => setError(errorMessage(failure)) },
          )
        }
      />
      <ErrorModal message={error} onClose={() => setError(null)} />
    </>
  );
}

function ProfileSocialHistory({ patientId }: { patientId: number }) {
  const history = useHistory({ patientId });
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

function NextButton({ label, loading, onClick }: { label: string; loading: boolean; onClick: () => void }) {
  return (
    <Group justify="flex-end" mt="md">
      <Button onClick={onClick} loading={loading} data-testid="wizard-next">
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
}: WizardStepProps & {
  section: ListSection;
  initial: DraftItem[];
  context: HistoryContext;
  screening: boolean;
}) {
  const [list, setList] = useState(initial);
  const save = useSaveHistory(context, screening);
  return (
    <>
      <ListEditor section={section} list={list} onChange={setList} searching />
      <NextButton
        label={t('wizard.next')}
        loading={save.isPending}
        onClick={() =>
          save.mutate(
            { items: list.map(toInput), sections: [section] },
            { onSuccess: onSaved, onError: (failure) => onFailed(errorMessage(failure)) },
          )
        }
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
}: WizardStepProps & {
  initial: ReturnType<typeof socialSelection>;
  context: HistoryContext;
  screening: boolean;
}) {
  const [selection, setSelection] = useState(initial);
  const [page, setPage] = useState(0);
  const save = useSaveHistory(context, screening);
  const last = page === socialHistoryPages.length - 1;
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
      <NextButton
        label={last ? t('wizard.finish') : t('wizard.next')}
        loading={save.isPending}
        onClick={() => {
          if (!last) {
            setPage(page + 1);
            return;
          }
          save.mutate(
            { items: socialInputs(selection, socialHistorySections), sections: [...socialHistorySections] },
            { onSuccess: onSaved, onError: (failure) => onFailed(errorMessage(failure)) },
          );
        }}
      />
    </Stack>
  );
}

/** One history step of the wizard: the list is edited locally and saved by Next (spec 001 §4). */
export function HistoryStepContent({ step, context, screening, onSaved, onFailed }: HistoryStepContentProps) {
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
    />
  );
}
