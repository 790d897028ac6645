/**
 * Demo data of the care team: the synthetic provider directory (so the care-team search
 * answers on a fresh demo), the demo clinic's two dermatologists in it, and Maria's care team of
 * three: her family physician, who referred her (the referring physician), and the clinic's two
 * dermatologists.
 */
import { npiCheckDigit, type CareTeamMemberInput } from '@dermis/contract';
import type { Db } from '../../db/database';
import type { DemoContext } from '../../demo/seed';
import { demoPractice } from '../../demo/demo-accounts';
import { saveCareTeam } from './care-team.repository';
import { upsertProviders, type DirectoryRow } from './provider-directory.repository';
import { providerSearchText, syntheticDirectory } from './synthetic-directory';

const npi = (firstNine: string) => `${firstNine}${npiCheckDigit(firstNine)}`;

/** The demo clinic's providers as directory entries (made-up NPIs with valid check digits). */
export function demoClinicProviders(): DirectoryRow[] {
  const clinic = demoPractice.clinic;
  return demoPractice.providers.map((p, index) => ({
    npi: npi(`19${String(8765430 + index).padStart(7, '0')}`),
    entityType: 1,
    lastNameLegalName: p.lastName,
    firstName: p.firstName,
    middleName: null,
    namePrefix: 'Dr.',
    nameSuffix: null,
    credential: p.credentials,
    taxonomies: [
      {
        code: '207N00000X',
        description: 'Dermatology',
        primary: true,
        license: `ME${140210 + index}`,
        state: 'FL',
      },
    ],
    primaryTaxonomy: '207N00000X',
    addressLine1: clinic.addressLine1,
    addressLine2: null,
    city: clinic.city,
    state: clinic.state,
    zip: `${clinic.zipCode}6502`,
    country: 'US',
    phone: clinic.phone.replace(/\D/g, ''),
    source: 'synthetic',
    searchText: providerSearchText(p.firstName, null, p.lastName),
  }));
}

function member(row: DirectoryRow, order: number, referring: boolean): CareTeamMemberInput {
  const name = [row.namePrefix, row.firstName, row.middleName, row.lastNameLegalName, row.nameSuffix]
    .filter(Boolean)
    .join(' ');
  return {
    order,
    defaultReferringPhysician: referring,
    addressBookInfo: {
      name,
      npi: row.npi,
      credential: row.credential ?? null,
      specialty: row.taxonomies[0]?.description ?? null,
      addressBookType: 'PERSON',
      addressInfoList: [
        {
          streetAddressLn1: row.addressLine1 ?? null,
          streetAddressLn2: row.addressLine2 ?? null,
          city: row.city ?? null,
          state: row.state ?? null,
          zip: row.zip ? row.zip.slice(0, 5) : null,
          country: row.country ?? null,
        },
      ],
    },
  };
}

export async function seedCareTeam(tx: Db, demo: DemoContext): Promise<void> {
  const directory = syntheticDirectory();
  const clinicProviders = demoClinicProviders();
  await upsertProviders(tx, [...directory, ...clinicProviders]);

  const familyPhysician = directory.find(
    (row) => row.primaryTaxonomy === '207Q00000X' && row.credential === 'MD' && row.city === 'Naples',
  );
  const team = [...(familyPhysician ? [familyPhysician] : []), ...clinicProviders].map((row, index) =>
    member(row, index + 1, index === 0),
  );
  await saveCareTeam(tx, demo.patients.maria, team);
}
