import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Anchor, Grid, Stack } from '@mantine/core';
import { IconPencil, IconUsersGroup } from '@tabler/icons-react';
import { webRoutes } from '@dermis/contract';
import { Page } from '../../../components/page';
import { t } from '../../../lib/i18n';

interface HealthProfilePageProps {
  heading: ReactNode;
  /** The seven-block history accordion. */
  history: ReactNode;
  /** The main column: the Documents and Insurance Profile blocks. */
  main: ReactNode;
  /** Links to the patient's own care team and profile editor (not when acting for someone). */
  ownLinks?: boolean;
}

/**
 * /my-health-profile (spec 001 §2): title 'Dermis - Health Profile'; a sidebar with 'My Care Team',
 * 'Edit My Profile' and the history accordion; the main column with documents and insurance.
 */
export function HealthProfilePage({ heading, history, main, ownLinks = true }: HealthProfilePageProps) {
  return (
    <Page title={t('page.healthProfile')} heading={heading}>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>
          <Stack gap="md">
            {ownLinks && (
              <Stack component="nav" aria-label={t('healthProfile.sidebar')} gap="xs">
                <Anchor component={Link} to={webRoutes.myCareTeam}>
                  <IconUsersGroup size={16} aria-hidden style={{ verticalAlign: 'middle', marginRight: 6 }} />
                  {t('healthProfile.myCareTeam')}
                </Anchor>
                <Anchor component={Link} to={webRoutes.editProfile}>
                  <IconPencil size={16} aria-hidden style={{ verticalAlign: 'middle', marginRight: 6 }} />
                  {t('healthProfile.editMyProfile')}
                </Anchor>
              </Stack>
            )}
            <section aria-label={t('healthProfile.historyHeading')} data-testid="health-history">
              {history}
            </section>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
          <Stack gap="md">{main}</Stack>
        </Grid.Col>
      </Grid>
    </Page>
  );
}
