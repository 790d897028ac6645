import { useCallback, useState } from 'react';
import { Alert, Box, Loader, Group, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Page } from '../../components/page';
import { isApiError } from '../../lib/api';
import { t, useLanguage } from '../../lib/i18n';
import { useClinicalDocument } from './api/clinical-document';
import { CdaViewer } from './cda-viewer';
import type { CdaRenderResult } from './cda-render';

/**
 * /health-information/view/{patientId}/{encounterId} (spec 001 §2, opened in a new window): fetches
 * the encounter's clinical document and renders it. The document's title is the page's h1.
 */
export function CdaViewerPage({ patientId, encounterId }: { patientId: number; encounterId: number }) {
  const document = useClinicalDocument(patientId, encounterId);
  const language = useLanguage();
  const [title, setTitle] = useState(t('page.healthDocument'));
  useDocumentTitle(t('app.title', { page: title }));
  const onRendered = useCallback((result: CdaRenderResult) => {
    if (result.kind !== 'unreadable') setTitle(result.title);
  }, []);

  if (document.isPending)
    return (
      <Page title={t('page.healthDocument')} heading={t('page.healthDocument')}>
        <Group gap="sm" role="status">
          <Loader size="sm" aria-hidden />
          <Text>{t('cdaViewer.loading')}</Text>
        </Group>
      </Page>
    );
  if (document.isError)
    return (
      <Page title={t('page.healthDocument')} heading={t('page.healthDocument')}>
        <Alert color="red" role="alert">
          {isApiError(document.error) && document.error.status === 404
            ? t('cdaViewer.notFound')
            : t('cdaViewer.fetchFailed')}
        </Alert>
      </Page>
    );
  return (
    <Box maw={1100} mx="auto" data-testid="cda-viewer">
      {/* The words around the document follow the app's language: a switch renders it again. */}
      <CdaViewer key={language} xml={document.data.xml} onRendered={onRendered} />
    </Box>
  );
}
