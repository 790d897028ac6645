import { useState } from 'react';
import type { ConnectedHealthApp } from '@dermis/contract';
import { Alert, Button, Text } from '@mantine/core';
import { IconPlugConnected } from '@tabler/icons-react';
import { ConfirmModal } from '../../../components/confirm-modal';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { EmptyState } from '../../../components/empty-state';
import { TableSkeleton } from '../../../components/skeletons';
import { errorMessage } from '../../../lib/api';
import { t } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { useConnectedApps, useDisconnectHealthApp } from '../api/connected-apps';
import { connectedOnText, lastUsedText } from '../dates';
import { inReadingOrder, resourceTypesText } from '../resource-types';

/** The name of a record the signed-in account may view: its own, or a patient it acts for. */
function useRecordName(): (patientId: number) => string {
  const user = useSession().user;
  return (patientId) => {
    const person =
      user && user.id === patientId ? user : user?.responsibleForPatients.find((p) => p.id === patientId);
    return person ? `${person.firstName} ${person.lastName}` : '';
  };
}

function columns(
  recordName: (patientId: number) => string,
  onDisconnect: (app: ConnectedHealthApp) => void,
): DataTableColumn<ConnectedHealthApp>[] {
  return [
    { key: 'app', header: t('connectedApps.app'), cell: (app) => app.name, primary: true },
    { key: 'whose', header: t('connectedApps.whose'), cell: (app) => recordName(app.patientId) },
    {
      key: 'reads',
      header: t('connectedApps.mayRead'),
      cell: (app) => resourceTypesText(inReadingOrder(app.resourceTypes)),
    },
    { key: 'by', header: t('connectedApps.connectedBy'), cell: (app) => app.connectedBy },
    {
      key: 'connected',
      header: t('connectedApps.connectedOn'),
      cell: (app) => connectedOnText(app.connectedAt),
    },
    { key: 'used', header: t('connectedApps.lastUsed'), cell: (app) => lastUsedText(app.lastUsedAt) },
    {
      key: 'actions',
      header: t('connectedApps.actions'),
      cell: (app) => (
        <Button
          variant="outline"
          color="red.9"
          size="xs"
          // The visible word first, then which app (WCAG 2.5.3, label in name).
          aria-label={t('connectedApps.disconnectNamed', { app: app.name })}
          onClick={() => onDisconnect(app)}
          data-testid={`disconnect-${app.clientId}`}
        >
          {t('connectedApps.disconnect')}
        </Button>
      ),
    },
  ];
}

/**
 * The health apps connected to one record (the signed-in patient's, or a patient they act for: the
 * server's guard decides), each with whose record, what it may read, when it was connected and last
 * used, and Disconnect behind a confirmation.
 */
export function ConnectedApps({ patientId }: { patientId: number }) {
  const list = useConnectedApps(patientId);
  const disconnect = useDisconnectHealthApp(patientId);
  const recordName = useRecordName();
  // The app asked about stays set while the modal closes, so its title does not blank mid-fade.
  const [confirming, setConfirming] = useState<ConnectedHealthApp | null>(null);
  const [asking, setAsking] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  function confirm() {
    if (!confirming) return;
    const app = confirming;
    disconnect.mutate(
      { patientId: app.patientId, grantId: app.grantId },
      {
        onSuccess: () => {
          setDone(t('connectedApps.disconnected', { app: app.name }));
          setAsking(false);
        },
        onError: (error) => {
          setFailure(errorMessage(error));
          setAsking(false);
        },
      },
    );
  }

  if (list.isPending) return <TableSkeleton columns={5} />;
  if (list.isError)
    return (
      <Text role="alert" c="red.9">
        {errorMessage(list.error, t('connectedApps.fetchFailed'))}
      </Text>
    );

  return (
    <>
      {/* Alerts as MessageBanners shows them, without sharing its module (see consent-form.tsx). */}
      {failure && (
        <Alert color="red" variant="light">
          {failure}
        </Alert>
      )}
      {done && (
        <Alert color="green" variant="light">
          {done}
        </Alert>
      )}
      <DataTable
        label={t('page.connectedApps')}
        columns={columns(recordName, (app) => {
          setDone(null);
          setFailure(null);
          setConfirming(app);
          setAsking(true);
        })}
        rows={list.data.apps}
        rowKey={(app) => app.grantId}
        testId="connected-apps-table"
        empty={
          <EmptyState
            icon={IconPlugConnected}
            message={t('connectedApps.empty')}
            testId="connected-apps-empty"
          />
        }
      />
      <ConfirmModal
        opened={asking}
        onClose={() => setAsking(false)}
        title={t('connectedApps.confirmTitle', { app: confirming?.name ?? '' })}
        onConfirm={confirm}
        confirmLabel={t('connectedApps.disconnect')}
        danger
        loading={disconnect.isPending}
        confirmTestId="confirm-disconnect"
      >
        <Text>
          {t('connectedApps.confirmText', {
            app: confirming?.name ?? '',
            name: confirming ? recordName(confirming.patientId) : '',
          })}
        </Text>
      </ConfirmModal>
    </>
  );
}
