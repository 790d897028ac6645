import { Text } from '@mantine/core';
import { BadgePicker } from '../../features/badges/components/badge-picker';
import { LegalText } from '../../features/legal/components/legal-text';
import { legalDocuments } from '../../features/legal/legal-documents';
import { Page } from '../../components/page';
import { t } from '../../lib/i18n';

export function BadgesRoute() {
  return (
    <Page title={t('page.badges')} heading={t('badges.title')}>
      <Text>{t('badges.intro')}</Text>
      <BadgePicker />
    </Page>
  );
}

export function LegalRoute({ document }: { document: keyof typeof legalDocuments }) {
  const legal = legalDocuments[document];
  return (
    <Page title={t(legal.title)} heading={t(legal.title)}>
      <LegalText document={legal} />
    </Page>
  );
}
