import { Text } from '@mantine/core';
import { attachmentTypeName } from '@dermis/contract';
import { t } from '../../../lib/i18n';

/**
 * The type the server found by content ("PNG file"), shown beside an attachment's name: a name such as
 * evil.exe.png says two things, and this is the one that was checked. Nothing for a type it cannot name.
 */
export function CheckedType({ mimeType, id }: { mimeType: string | null; id?: string }) {
  const type = mimeType ? attachmentTypeName(mimeType) : null;
  if (!type) return null;
  return (
    <Text span size="sm" c="dimmed" id={id} data-testid="attachment-type" style={{ whiteSpace: 'nowrap' }}>
      {t('messages.checkedType', { type })}
    </Text>
  );
}
