import { useEffect, useMemo } from 'react';
import { Alert } from '@mantine/core';
import { t } from '../../lib/i18n';
import { defaultCdaOptions, renderCda, type CdaRenderOptions, type CdaRenderResult } from './cda-render';
import './cda-viewer.css';

/** Renders one clinical document from its XML text; the parse happens once per document. */
export function CdaViewer({
  xml,
  options = defaultCdaOptions,
  onRendered,
}: {
  xml: string;
  options?: CdaRenderOptions;
  onRendered?: (result: CdaRenderResult) => void;
}) {
  const result = useMemo(() => renderCda(xml, options), [xml, options]);
  useEffect(() => onRendered?.(result), [result, onRendered]);

  if (result.kind === 'unreadable')
    return (
      <div className="cda-document">
        <h1 className="cda-title">{t('page.healthDocument')}</h1>
        <Alert color="red" title={t('cdaViewer.unreadableTitle')} role="alert">
          {t('cdaViewer.unreadable')}
        </Alert>
      </div>
    );
  if (result.kind === 'terminated')
    return (
      <div className="cda-document">
        <h1 className="cda-title">{result.title}</h1>
        <p role="alert">{result.warning}</p>
      </div>
    );
  return result.content;
}
