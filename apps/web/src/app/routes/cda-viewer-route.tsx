import { useParams } from 'react-router';
import { CdaViewerPage } from '../../features/cda-viewer/cda-viewer-page';
import { NotFoundRoute } from './status-routes';

/** /health-information/view/:id/:encounterId: both ids numeric, else the page does not exist. */
export function CdaViewerRoute() {
  const { id = '', encounterId = '' } = useParams();
  if (!/^\d{1,10}$/.test(id) || !/^\d{1,10}$/.test(encounterId)) return <NotFoundRoute />;
  return <CdaViewerPage patientId={Number(id)} encounterId={Number(encounterId)} />;
}
