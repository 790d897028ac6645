import { useState } from 'react';
import { Button, Checkbox, Group, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import {
  allergyReactions,
  discontinuationReasons,
  familyRelationGroup,
  familyRelations,
} from '@dermis/contract';
import { AppModal } from '../../../components/app-modal';
import { ErrorModal } from '../../../components/error-modal';
import { t } from '../../../lib/i18n';
import { codeText } from '../code-text';
import type { CodeName } from '../history-draft';

function Buttons({ onCancel, saveTestId }: { onCancel: () => void; saveTestId: string }) {
  return (
    <Group justify="flex-end" mt="md">
      <Button variant="default" onClick={onCancel}>
        {t('components.cancel')}
      </Button>
      <Button type="submit" data-testid={saveTestId}>
        {t('healthProfile.save')}
      </Button>
    </Group>
  );
}

interface ChoiceModalProps {
  /** The item's name; null keeps the modal closed. */
  name: string | null;
  initial: readonly CodeName[];
  onSave: (details: CodeName[]) => void;
  onClose: () => void;
}

function ReactionsForm({ initial, onSave, onClose }: Omit<ChoiceModalProps, 'name'>) {
  const [chosen, setChosen] = useState<string[]>(initial.map((d) => d.code));
  const half = Math.ceil(allergyReactions.length / 2);
  const columns = [allergyReactions.slice(0, half), allergyReactions.slice(half)];
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSave(
          allergyReactions
            .filter((r) => chosen.includes(r.code))
            .map((r) => ({ code: r.code, name: r.display })),
        );
      }}
    >
      <Checkbox.Group label={t('healthProfile.reactionsLegend')} value={chosen} onChange={setChosen}>
        <SimpleGrid cols={2} spacing="xs" mt="xs">
          {columns.map((column, index) => (
            <Stack key={index} gap="xs">
              {column.map((reaction, row) => (
                <Checkbox
                  key={reaction.code}
                  value={reaction.code}
                  label={codeText(reaction.code)}
                  data-autofocus={index === 0 && row === 0 ? true : undefined}
                />
              ))}
            </Stack>
          ))}
        </SimpleGrid>
      </Checkbox.Group>
      <Buttons onCancel={onClose} saveTestId="reactions-save" />
    </form>
  );
}

/** Spec 001 §4: the allergy's reactions, add or edit mode; the 15 types split across two columns. */
export function ReactionsModal(props: ChoiceModalProps) {
  return (
    <AppModal
      opened={props.name !== null}
      onClose={props.onClose}
      title={t('healthProfile.reactionsTitle', { name: props.name ?? '' })}
      testId="reactions-modal"
    >
      {props.name !== null && <ReactionsForm {...props} />}
    </AppModal>
  );
}

function RelativesForm({ initial, onSave, onClose }: Omit<ChoiceModalProps, 'name'>) {
  const [chosen, setChosen] = useState<string[]>(initial.map((d) => d.code));
  const [missing, setMissing] = useState(false);
  const all = [...familyRelations.PRIMARY, ...familyRelations.SECONDARY, ...familyRelations.TERTIARY];
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (chosen.length === 0) {
          setMissing(true);
          return;
        }
        onSave(all.filter((r) => chosen.includes(r.code)).map((r) => ({ code: r.code, name: r.display })));
      }}
    >
      <Stack gap="md">
        {familyRelationGroup.options.map((group, groupIndex) => (
          <Checkbox.Group
            key={group}
            label={t(`history.relationGroup.${group}`)}
            value={chosen.filter((c) => familyRelations[group].some((r) => r.code === c))}
            onChange={(value) => {
              setMissing(false);
              setChosen([
                ...chosen.filter((c) => !familyRelations[group].some((r) => r.code === c)),
                ...value,
              ]);
            }}
          >
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" mt="xs">
              {familyRelations[group].map((relation, row) => (
                <Checkbox
                  key={relation.code}
                  value={relation.code}
                  label={codeText(relation.code)}
                  data-autofocus={groupIndex === 0 && row === 0 ? true : undefined}
                />
              ))}
            </SimpleGrid>
          </Checkbox.Group>
        ))}
        {missing && (
          <Text role="alert" c="red.9" size="sm">
            {t('healthProfile.relativesRequired')}
          </Text>
        )}
      </Stack>
      <Buttons onCancel={onClose} saveTestId="relatives-save" />
    </form>
  );
}

/** Spec 001 §4: family history's affected relatives, in the three groups. */
export function RelativesModal(props: ChoiceModalProps) {
  return (
    <AppModal
      opened={props.name !== null}
      onClose={props.onClose}
      title={t('healthProfile.relativesTitle', { name: props.name ?? '' })}
      size="lg"
      testId="relatives-modal"
    >
      {props.name !== null && <RelativesForm {...props} />}
    </AppModal>
  );
}

interface DiscontinueModalProps {
  name: string | null;
  onSave: (reason: CodeName) => void;
  onClose: () => void;
}

function DiscontinueForm({ onSave, onClose }: Omit<DiscontinueModalProps, 'name'>) {
  const [reason, setReason] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const chosen = discontinuationReasons.find((r) => r.code === reason);
        if (!chosen) {
          setError(t('history.error.discontinuationReasonRequired'));
          return;
        }
        onSave({ code: chosen.code, name: chosen.display });
      }}
    >
      <Radio.Group label={t('healthProfile.discontinueReason')} value={reason} onChange={setReason}>
        <Stack gap="xs" mt="xs">
          {discontinuationReasons.map((r) => (
            <Radio key={r.code} value={r.code} label={codeText(r.code)} />
          ))}
        </Stack>
      </Radio.Group>
      <Buttons onCancel={onClose} saveTestId="discontinue-save" />
      <ErrorModal message={error} onClose={() => setError(null)} zIndex={400} />
    </form>
  );
}

/** Spec 001 §4: unticking or removing an active medication asks why; a reason is required. */
export function DiscontinueModal(props: DiscontinueModalProps) {
  return (
    <AppModal
      opened={props.name !== null}
      onClose={props.onClose}
      title={t('healthProfile.discontinueTitle', { name: props.name ?? '' })}
      testId="discontinue-modal"
    >
      {props.name !== null && <DiscontinueForm {...props} />}
    </AppModal>
  );
}

interface MedicationDialogProps {
  medication: { name: string; reason: CodeName | null } | null;
  onClose: () => void;
}

/** Spec 001 §4: a discontinued medication opens read-only, with its name and reason. */
export function MedicationDialog({ medication, onClose }: MedicationDialogProps) {
  return (
    <AppModal
      opened={medication !== null}
      onClose={onClose}
      title={medication ? `${medication.name} ${t('history.discontinued')}` : ''}
      testId="medication-dialog"
    >
      {medication && (
        <Stack gap="xs">
          <Text size="sm" c="dimmed">
            {t('healthProfile.medicationName')}
          </Text>
          <Text fw={600}>{medication.name}</Text>
          <Text size="sm" c="dimmed">
            {t('healthProfile.discontinueReason')}
          </Text>
          <Text fw={600} data-testid="medication-dialog-reason">
            {medication.reason ? codeText(medication.reason.code, medication.reason.name) : ''}
          </Text>
          <Group justify="flex-end" mt="md">
            <Button onClick={onClose} data-autofocus>
              {t('components.ok')}
            </Button>
          </Group>
        </Stack>
      )}
    </AppModal>
  );
}
