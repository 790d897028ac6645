import { Link } from 'react-router';
import { Anchor, Container, Group } from '@mantine/core';
import { webRoutes } from '@dermis/contract';
import { Logo } from '../../components/logo';
import { t } from '../../lib/i18n';

export function PublicHeader() {
  return (
    <Container size="lg">
      <Group py="sm">
        <Anchor
          component={Link}
          to={webRoutes.myHealthProfile}
          aria-label={t('app.logoLabel')}
          underline="never"
        >
          <Logo />
        </Anchor>
      </Group>
    </Container>
  );
}
