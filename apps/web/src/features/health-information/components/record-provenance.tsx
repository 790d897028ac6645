import { Text } from '@mantine/core';
import { t } from '../../../lib/i18n';
import { recordDay } from '../record-format';

/** Who recorded an entry, for which organisation, and when. */
export function Provenance({
  item,
}: {
  item: { authorName: string; authorOrganization: string; recordedAt: string };
}) {
  return (
    <Text size="xs" c="dimmed">
      {t('record.provenance', {
        author: item.authorName,
        organization: item.authorOrganization,
        date: recordDay(item.recordedAt),
      })}
    </Text>
  );
}
