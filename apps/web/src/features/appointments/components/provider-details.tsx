import { Anchor, Avatar, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { t } from '../../../lib/i18n';
import type { Appointment } from '../api/appointments';
import { addressLines, clinicPhone, clinicWebsite, formatPhone, providerName, providersOf } from '../format';

function initials(firstName: string, lastName: string): string {
  return `${firstName.charAt(0)}${lastName.charAt(0)}`.toUpperCase();
}

/**
 * The Doctor cell (spec 002 §2): each provider with title and avatar, then the clinic's name,
 * address, phone (formatted only for exactly 10 digits) and website.
 */
export function ProviderDetails({ visit }: { visit: Appointment }) {
  const providers = providersOf(visit.encounterRoleInfoList);
  const clinic = visit.clinicInfo;
  const phone = clinic ? clinicPhone(clinic.contactInfoList) : null;
  const website = clinic ? clinicWebsite(clinic.contactInfoList) : null;
  return (
    <Stack gap={6}>
      {providers.length === 0 ? (
        <Text fw={600} data-testid="no-provider">
          {t('appointments.noProvider')}
        </Text>
      ) : (
        providers.map((provider) => {
          const name = providerName(provider);
          return (
            <Group key={provider.providerId} gap="sm" wrap="nowrap">
              <Avatar
                src={provider.avatarUrl}
                alt={t('appointments.avatarOf', { name })}
                radius="xl"
                size="md"
                color="brand"
              >
                {/* Initials when there is no photo: decorative, the name follows as text. */}
                <span aria-hidden>{initials(provider.firstName, provider.lastName)}</span>
              </Avatar>
              <Text fw={600} data-testid="provider-name">
                {name}
              </Text>
            </Group>
          );
        })
      )}
      {clinic && (
        <Stack gap={0} data-testid="clinic">
          <Text size="sm" fw={600}>
            {clinic.clinicName}
          </Text>
          {addressLines(clinic.addressInformationInfo).map((line) => (
            <Text size="sm" key={line}>
              {line}
            </Text>
          ))}
          {phone && (
            <Text size="sm">
              {t('appointments.phone')}:{' '}
              <Anchor href={`tel:${phone.replace(/[^\d+]/g, '')}`} size="sm" data-testid="clinic-phone">
                {formatPhone(phone)}
              </Anchor>
            </Text>
          )}
          {website && (
            <Anchor
              href={website.href}
              target="_blank"
              rel="noopener noreferrer"
              size="sm"
              data-testid="clinic-website"
            >
              {website.label}
              {/* Named by the address it shows, then whose it is: label in name (WCAG 2.5.3). */}
              <VisuallyHidden>{t('appointments.websiteOf', { clinic: clinic.clinicName })}</VisuallyHidden>
            </Anchor>
          )}
        </Stack>
      )}
    </Stack>
  );
}
