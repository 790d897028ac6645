import { Button, Group, VisuallyHidden } from '@mantine/core';
import { t } from '../../../lib/i18n';

/** The Save and Cancel buttons of an edited settings row. */
export function SaveCancel({ pending, onCancel }: { pending: boolean; onCancel: () => void }) {
  return (
    <>
      {/* The button's spinner is visual only; this tells screen readers the save is under way. */}
      <VisuallyHidden role="status">{pending ? t('accountSettings.saving') : ''}</VisuallyHidden>
      <Group>
        <Button type="submit" loading={pending}>
          {t('accountSettings.save')}
        </Button>
        <Button variant="default" onClick={onCancel} disabled={pending}>
          {t('accountSettings.cancel')}
        </Button>
      </Group>
    </>
  );
}
