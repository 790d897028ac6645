import type { CareTeamMember, ProviderDirectoryResult } from '@dermis/contract';

/** A directory result as a new care team member (a snapshot; the server numbers and stores it). */
export function toMember(provider: ProviderDirectoryResult): CareTeamMember {
  const name = [
    provider.providerNamePrefix,
    provider.providerFirstName,
    provider.providerMiddleName,
    provider.providerLastNameLegalName,
    provider.providerNameSuffix,
  ]
    .filter(Boolean)
    .join(' ');
  const address = provider.addressInformationInfo;
  return {
    id: 0,
    order: 0,
    defaultReferringPhysician: false,
    addressBookInfo: {
      name,
      npi: provider.npi,
      credential: provider.providerCredentialText,
      specialty: provider.taxonomies[0]?.description ?? null,
      addressBookType: 'PERSON',
      addressInfoList: [
        {
          streetAddressLn1: address.streetAddressLn1,
          streetAddressLn2: address.streetAddressLn2,
          city: address.city,
          state: address.state,
          zip: address.zip ? address.zip.slice(0, 5) : null,
          country: address.country,
        },
      ],
    },
  };
}

export function addressLine(member: CareTeamMember): string {
  const a = member.addressBookInfo.addressInfoList[0];
  return a
    ? [a.streetAddressLn1, a.city, [a.state, a.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ')
    : '';
}

export function displayName(member: CareTeamMember): string {
  const { name, credential } = member.addressBookInfo;
  return credential ? `${name}, ${credential}` : name;
}

/** The sortable id of a member: its NPI (once per team), else its stored id. Stable across saves. */
export function memberKey(member: CareTeamMember): string {
  return member.addressBookInfo.npi ? `npi-${member.addressBookInfo.npi}` : `id-${member.id}`;
}
