import type { ResponsiblePersonEntry } from '@dermis/contract';
import { Text } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { EmptyState } from '../../../components/empty-state';
import { TableSkeleton } from '../../../components/skeletons';
import { t } from '../../../lib/i18n';
import { useResponsiblePersons } from '../api/get-responsible-persons';
import { contactText, relationshipLabel } from '../display';

function columns(): DataTableColumn<ResponsiblePersonEntry>[] {
  return [
    {
      key: 'name',
      header: t('responsiblePersons.name'),
      cell: (person) => `${person.firstName} ${person.lastName}`,
      primary: true,
    },
    {
      key: 'relationship',
      header: t('responsiblePersons.relationship'),
      cell: (person) => relationshipLabel(person.relationship),
    },
    {
      key: 'contact',
      header: t('responsiblePersons.contact'),
      cell: (person) => contactText(person.contacts),
    },
  ];
}

/** Spec 000 §2 "Responsible Persons": subheader, then name, relationship and contact of each active one. */
export function ResponsiblePersons({ patientId }: { patientId: number }) {
  const list = useResponsiblePersons(patientId);

  if (list.isPending) return <TableSkeleton columns={3} />;
  if (list.isError)
    return (
      <Text role="alert" c="red.9">
        {t('responsiblePersons.fetchFailed')}
      </Text>
    );
  if (list.data.length === 0)
    return (
      <EmptyState icon={IconUsers} message={t('responsiblePersons.none')} testId="responsible-persons-none" />
    );

  return (
    <>
      {/* The page's sub-header, shown only over a list: the same look and 4 px gap as PageHeader's. */}
      <Text c="dimmed" mt={-12}>
        {t('responsiblePersons.subheader')}
      </Text>
      <DataTable
        label={t('page.responsiblePersons')}
        columns={columns()}
        rows={list.data}
        rowKey={(person) => person.id}
        testId="responsible-persons-table"
      />
    </>
  );
}
