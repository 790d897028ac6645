import { Link } from 'react-router';
import { Anchor, Group, Text } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { webRoutes } from '@dermis/contract';
import { SectionCard } from '../../../components/section-card';
import { ListSkeleton } from '../../../components/skeletons';
import { t, tPlural } from '../../../lib/i18n';
import { usePatientDocumentsSummary } from '../api/documents';
import { defaultRange, defaultShortcut, documentDate } from '../date-range';

/**
 * The Documents block of /my-health-profile (spec 001 §2): how many documents there are and the
 * newest one, with 'Show details' only when there is at least one. The list behind Show details
 * opens on the last 7 days, so the block also says how many of them that range holds: '5 documents'
 * above a list of 2 read as missing documents.
 */
export function DocumentsBlock({
  patientId,
  detailsHref = webRoutes.healthProfileDocuments,
}: {
  patientId: number;
  detailsHref?: string;
}) {
  const summary = usePatientDocumentsSummary(patientId, defaultRange());
  const latest = summary.data?.latest;
  return (
    <SectionCard
      title={t('documents.block.title')}
      testId="documents-block"
      actions={
        latest ? (
          <Anchor component={Link} to={detailsHref} data-testid="documents-show-details">
            <Group gap={2} component="span">
              {t('healthProfile.showDetails')}
              <IconChevronRight size={16} aria-hidden />
            </Group>
          </Anchor>
        ) : undefined
      }
    >
      {summary.isPending ? (
        <ListSkeleton rows={1} />
      ) : summary.isError ? (
        <Text role="alert" c="red.9">
          {t('documents.fetchFailed')}
        </Text>
      ) : latest ? (
        <>
          <Text>{tPlural('documents.count', summary.data.total)}</Text>
          <Text size="sm" data-testid="documents-in-default-range">
            {tPlural('documents.block.inDefaultRange', summary.data.inRange, {
              range: t(`documents.shortcut.${defaultShortcut}`),
            })}
          </Text>
          <Text size="sm" c="dimmed">
            {t('documents.block.latest', { name: latest.name, date: documentDate(latest.dateCreated) })}
          </Text>
        </>
      ) : (
        <Text>{t('documents.empty')}</Text>
      )}
    </SectionCard>
  );
}
