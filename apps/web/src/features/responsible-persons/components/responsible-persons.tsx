import { Table, Text } from '@mantine/core';
import { t } from '../../../lib/i18n';
import { useResponsiblePersons } from '../api/get-responsible-persons';
import { contactText, relationshipLabel } from '../display';

/** Spec 000 §2 "Responsible Persons": subheader, then name, relationship and contact of each active one. */
export function ResponsiblePersons({ patientId }: { patientId: number }) {
  const list = useResponsiblePersons(patientId);

  if (list.isPending) return <Text>{t('app.loading')}</Text>;
  if (list.isError)
    return (
      <Text role="alert" c="red.9">
        {t('responsiblePersons.fetchFailed')}
      </Text>
    );
  if (list.data.length === 0)
    return <Text data-testid="responsible-persons-none">{t('responsiblePersons.none')}</Text>;

  return (
    <>
      <Text>{t('responsiblePersons.subheader')}</Text>
      <Table.ScrollContainer minWidth={480}>
        <Table striped data-testid="responsible-persons-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('responsiblePersons.name')}</Table.Th>
              <Table.Th scope="col">{t('responsiblePersons.relationship')}</Table.Th>
              <Table.Th scope="col">{t('responsiblePersons.contact')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.data.map((person) => (
              <Table.Tr key={person.id}>
                <Table.Td>{`${person.firstName} ${person.lastName}`}</Table.Td>
                <Table.Td>{relationshipLabel(person.relationship)}</Table.Td>
                <Table.Td>{contactText(person.contacts)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </>
  );
}
