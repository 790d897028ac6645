import { useState } from 'react';
import { Link } from 'react-router';
import type { InsurancePolicy } from '@dermis/contract';
import { Alert, Anchor, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft, IconHistory, IconShieldCheck } from '@tabler/icons-react';
import { EmptyState } from '../../../components/empty-state';
import { SectionCard } from '../../../components/section-card';
import { ListSkeleton } from '../../../components/skeletons';
import { t } from '../../../lib/i18n';
import { useInsurance } from '../api/insurance';
import {
  currentPolicies,
  isExpired,
  policyAddressLines,
  policyDate,
  policyGenderText,
  policyHistory,
  policyTypeText,
} from '../policies';

type View =
  { kind: 'list' } | { kind: 'detail'; policyId: number; from: 'list' | 'history' } | { kind: 'history' };

/**
 * Mantine's green-9 (#2b8a3e) under white badge text is 4.4:1, under the 4.5:1 WCAG AA asks of
 * small text (axe color-contrast); this darker green is 6.2:1.
 */
const activeGreen = '#1f6f35';

function ExpiredBadge({ policy }: { policy: InsurancePolicy }) {
  if (policy.dateTerminated) return <Badge color="gray.8">{t('insurance.terminated')}</Badge>;
  if (isExpired(policy))
    return (
      <Badge
        color="red.9"
        leftSection={<IconAlertTriangle size={12} aria-hidden />}
        data-testid="policy-expired"
      >
        {t('insurance.expired')}
      </Badge>
    );
  return <Badge color={activeGreen}>{t('insurance.active')}</Badge>;
}

function validity(policy: InsurancePolicy): string {
  const from = policyDate(policy.validFrom);
  const through = policyDate(policy.validThrough);
  return from || through ? `${from || '…'} – ${through || '…'}` : '';
}

function PolicyCard({
  policy,
  onOpen,
  order,
}: {
  policy: InsurancePolicy;
  onOpen: () => void;
  order: 2 | 3;
}) {
  return (
    <Card withBorder padding="md" component="li" data-testid="policy-card">
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Title order={order} size="h4">
            {policy.name}
          </Title>
          <ExpiredBadge policy={policy} />
        </Group>
        <Text size="sm">{policy.insuranceCompany.name}</Text>
        <Text size="sm" c="dimmed">
          {policyTypeText(policy.insurancePolicyType)}
          {policy.memberNumber ? ` · ${t('insurance.field.memberNumber')}: ${policy.memberNumber}` : ''}
        </Text>
        {validity(policy) && (
          <Text size="sm">
            {t('insurance.field.validity')}: {validity(policy)}
          </Text>
        )}
        <Group justify="flex-end">
          <Button
            variant="light"
            size="xs"
            onClick={onOpen}
            aria-label={t('insurance.viewDetailsOf', { name: policy.name })}
          >
            {t('insurance.viewDetails')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function PolicyList({
  policies,
  onOpen,
  order,
}: {
  policies: InsurancePolicy[];
  onOpen: (id: number) => void;
  order: 2 | 3;
}) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {policies.map((p) => (
        <PolicyCard key={p.id} policy={p} order={order} onOpen={() => onOpen(p.id)} />
      ))}
    </SimpleGrid>
  );
}

function Field({ label, value }: { label: string; value: string | null | undefined }) {
  if (!value) return null;
  return (
    <div>
      <Text component="dt" size="sm" fw={600}>
        {label}
      </Text>
      <Text component="dd" m={0}>
        {value}
      </Text>
    </div>
  );
}

function PolicyDetail({ policy }: { policy: InsurancePolicy }) {
  const responsible = [policy.responsibleFirstName, policy.responsibleMiddleName, policy.responsibleLastName]
    .filter(Boolean)
    .join(' ');
  const address = policyAddressLines(policy.addressInformation).join(', ');
  return (
    <SectionCard title={policy.name} actions={<ExpiredBadge policy={policy} />} testId="policy-detail">
      {isExpired(policy) && !policy.dateTerminated && (
        <Alert color="orange" icon={<IconAlertTriangle size={18} aria-hidden />} mb="md">
          {t('insurance.expiredNotice', { date: policyDate(policy.validThrough) })}
        </Alert>
      )}
      <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="sm" m={0}>
        <Field label={t('insurance.field.company')} value={policy.insuranceCompany.name} />
        <Field label={t('insurance.field.type')} value={policyTypeText(policy.insurancePolicyType)} />
        <Field label={t('insurance.field.title')} value={policy.title} />
        <Field label={t('insurance.field.memberNumber')} value={policy.memberNumber} />
        <Field label={t('insurance.field.groupName')} value={policy.groupName} />
        <Field label={t('insurance.field.validFrom')} value={policyDate(policy.validFrom)} />
        <Field label={t('insurance.field.validThrough')} value={policyDate(policy.validThrough)} />
        <Field label={t('insurance.field.dateTerminated')} value={policyDate(policy.dateTerminated)} />
        <Field label={t('insurance.field.coInsurance')} value={policy.coInsurance} />
        <Field label={t('insurance.field.coPayment')} value={policy.coPayment} />
        <Field label={t('insurance.field.deductible')} value={policy.deductible} />
        <Field
          label={t('insurance.field.relationship')}
          value={
            policy.relationshipToResponsiblePerson
              ? t(`insurance.relationship.${policy.relationshipToResponsiblePerson}`)
              : null
          }
        />
        <Field label={t('insurance.field.responsibleName')} value={responsible} />
        <Field
          label={t('insurance.field.responsibleDateOfBirth')}
          value={policyDate(policy.responsibleDateOfBirth)}
        />
        <Field
          label={t('insurance.field.responsibleGender')}
          value={policyGenderText(policy.responsibleGender)}
        />
        <Field label={t('insurance.field.responsiblePhone')} value={policy.responsiblePhone} />
        <Field label={t('insurance.field.responsibleOtherContact')} value={policy.responsibleOtherContact} />
        <Field label={t('insurance.field.address')} value={address} />
      </SimpleGrid>
    </SectionCard>
  );
}

function BackLink({ to, label, onClick }: { to?: string; label: string; onClick?: () => void }) {
  const content = (
    <Group gap={4} component="span">
      <IconArrowLeft size={16} aria-hidden />
      {label}
    </Group>
  );
  return to ? (
    <Anchor component={Link} to={to} data-testid="insurance-back">
      {content}
    </Anchor>
  ) : (
    <Anchor component="button" type="button" onClick={onClick} data-testid="insurance-back">
      {content}
    </Anchor>
  );
}

/**
 * Spec 001 §2 "Insurance" and §4: the policy list (sorted by order, expired flagged), one policy's
 * detail and the history, one view at a time. Read-only. Each view has one back link: the list's
 * goes to the health profile (`profileHref`), the others to the view they were opened from.
 */
export function InsuranceProfile({ patientId, profileHref }: { patientId: number; profileHref: string }) {
  const insurance = useInsurance(patientId);
  const [view, setView] = useState<View>({ kind: 'list' });

  const toProfile = <BackLink to={profileHref} label={t('healthProfile.backToProfile')} />;
  if (insurance.isPending)
    return (
      <Stack gap="md">
        {toProfile}
        <ListSkeleton rows={2} />
      </Stack>
    );
  if (insurance.isError)
    return (
      <Stack gap="md">
        {toProfile}
        <Text role="alert" c="red.9">
          {t('insurance.fetchFailed')}
        </Text>
      </Stack>
    );

  const current = currentPolicies(insurance.data);
  const history = policyHistory(insurance.data);
  const all = [...current, ...history];
  const back = (to: 'list' | 'history') => (
    <BackLink
      label={to === 'list' ? t('insurance.backToList') : t('insurance.backToHistory')}
      onClick={() => setView({ kind: to })}
    />
  );

  if (view.kind === 'detail') {
    const policy = all.find((p) => p.id === view.policyId);
    return (
      <Stack gap="md">
        {back(view.from)}
        {policy && <PolicyDetail policy={policy} />}
      </Stack>
    );
  }

  if (view.kind === 'history')
    return (
      <Stack gap="md">
        {back('list')}
        <SectionCard title={t('insurance.historyTitle')} testId="policy-history">
          {history.length === 0 ? (
            <EmptyState icon={IconHistory} message={t('insurance.historyEmpty')} />
          ) : (
            <PolicyList
              policies={history}
              order={3}
              onOpen={(id) => setView({ kind: 'detail', policyId: id, from: 'history' })}
            />
          )}
        </SectionCard>
      </Stack>
    );

  return (
    <Stack gap="md">
      {toProfile}
      {current.length === 0 ? (
        <EmptyState icon={IconShieldCheck} message={t('insurance.empty')} testId="insurance-empty" />
      ) : (
        <PolicyList
          policies={current}
          order={2}
          onOpen={(id) => setView({ kind: 'detail', policyId: id, from: 'list' })}
        />
      )}
      <Group>
        <Button
          variant="default"
          leftSection={<IconHistory size={16} aria-hidden />}
          onClick={() => setView({ kind: 'history' })}
          data-testid="insurance-history"
        >
          {t('insurance.history')}
        </Button>
      </Group>
    </Stack>
  );
}
