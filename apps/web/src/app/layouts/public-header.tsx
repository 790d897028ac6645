import { Link } from 'react-router';
import { Anchor, Container, Group } from '@mantine/core';
import { webRoutes } from '@dermis/contract';
import { PracticeLogo } from '../../components/practice-logo';
import { usePracticeBranding } from '../../lib/branding/practice-branding';

export function PublicHeader() {
  const branding = usePracticeBranding();
  return (
    <Container size="lg">
      <Group py="sm">
        <Anchor component={Link} to={webRoutes.myHealthProfile} underline="never">
          <PracticeLogo branding={branding} />
        </Anchor>
      </Group>
    </Container>
  );
}
