import { Link } from 'react-router';
import { Anchor, Badge, Group, List, Text } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { webRoutes } from '@dermis/contract';
import { SectionCard } from '../../../components/section-card';
import { ListSkeleton } from '../../../components/skeletons';
import { t } from '../../../lib/i18n';
import { useInsurance } from '../api/insurance';
import { currentPolicies, isExpired } from '../policies';

/**
 * The Insurance Profile block of /my-health-profile (spec 001 §2): the current policies by order,
 * expired ones flagged, with 'Show details' only when there is at least one.
 */
export function InsuranceBlock({
  patientId,
  detailsHref = webRoutes.healthProfileInsurance,
}: {
  patientId: number;
  detailsHref?: string;
}) {
  const insurance = useInsurance(patientId);
  const policies = insurance.data ? currentPolicies(insurance.data) : [];
  return (
    <SectionCard
      title={t('insurance.block.title')}
      testId="insurance-block"
      actions={
        policies.length > 0 ? (
          <Anchor component={Link} to={detailsHref} data-testid="insurance-show-details">
            <Group gap={2} component="span">
              {t('healthProfile.showDetails')}
              <IconChevronRight size={16} aria-hidden />
            </Group>
          </Anchor>
        ) : undefined
      }
    >
      {insurance.isPending ? (
        <ListSkeleton rows={1} />
      ) : insurance.isError ? (
        <Text role="alert" c="red.9">
          {t('insurance.fetchFailed')}
        </Text>
      ) : policies.length > 0 ? (
        <List spacing={4} listStyleType="none" pl={0}>
          {policies.map((p) => (
            <List.Item key={p.id}>
              <Group gap="xs" component="span">
                <Text component="span">
                  {p.name} — {p.insuranceCompany.name}
                </Text>
                {isExpired(p) && (
                  <Badge color="red.9" size="sm">
                    {t('insurance.expired')}
                  </Badge>
                )}
              </Group>
            </List.Item>
          ))}
        </List>
      ) : (
        <Text>{t('insurance.empty')}</Text>
      )}
    </SectionCard>
  );
}
