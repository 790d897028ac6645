import { Link } from 'react-router';
import { Menu } from '@mantine/core';
import type { ResponsibleForPatient } from '@dermis/contract';
import { t } from '../../../lib/i18n';
import { NavMenu, type MenuControl } from './nav-menu';

/** Spec 000 §2: shown only to users who are responsible for other patients. */
export function ResponsibleMenu({
  patients,
  ...control
}: MenuControl & { patients: readonly ResponsibleForPatient[] }) {
  if (patients.length === 0) return null;
  return (
    <NavMenu
      {...control}
      name="responsible"
      testId="responsible-menu-button"
      label={t('nav.responsiblePerson')}
    >
      {patients.map((patient) => (
        <Menu.Item key={patient.id} component={Link} to={`/${patient.id}/health-information`}>
          {t('nav.viewAs', { name: `${patient.firstName} ${patient.lastName}` })}
        </Menu.Item>
      ))}
    </NavMenu>
  );
}
