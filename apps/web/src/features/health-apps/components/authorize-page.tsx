import { Alert, Stack, Text } from '@mantine/core';
import { Page } from '../../../components/page';
import { ListSkeleton } from '../../../components/skeletons';
import { errorMessage } from '../../../lib/api';
import { t } from '../../../lib/i18n';
import { useHealthAppAuthorization } from '../api/authorization';
import { ConsentForm } from './consent-form';

interface AuthorizePageProps {
  /** The authorization server's interaction id, from the page address. */
  uid: string;
  leave?: (address: string) => void;
}

const assign = (address: string) => window.location.assign(address);

/**
 * Where a health app's sign-in request lands (SMART App Launch): the app's name, what it asks to
 * read, and the patient's answer. An unknown or expired request says so in the server's words.
 */
export function AuthorizePage({ uid, leave = assign }: AuthorizePageProps) {
  const request = useHealthAppAuthorization(uid);
  const heading = request.data
    ? t('connectedApps.authorize.heading', { app: request.data.app.name })
    : t('page.authorizeApp');
  return (
    <Page title={t('page.authorizeApp')} heading={heading}>
      {request.isPending && <ListSkeleton rows={5} />}
      {request.isError && (
        <Stack gap="sm" maw={640}>
          <Alert color="red" variant="light" data-testid="authorize-load-failed">
            {errorMessage(request.error, t('connectedApps.authorize.loadFailed'))}
          </Alert>
          <Text>{t('connectedApps.authorize.startAgain')}</Text>
        </Stack>
      )}
      {request.data && <ConsentForm uid={uid} request={request.data} leave={leave} />}
    </Page>
  );
}
