/**
 * `dermis nppes:import` on a small file in the real NPPES dissemination format (the 330-column
 * header of npidata_pfile, every field quoted): individual providers kept, organizations skipped,
 * filters by state and taxonomy, deactivated NPIs removed, idempotent by NPI, and the search finds
 * what was imported.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { npiCheckDigit } from '@dermis/contract';
import { expect, it } from 'vitest';
import { nppesProvider, pharmacy } from '../db/schema';
import {
  nearbyPharmacies,
  searchPharmacies,
  upsertPharmacies,
} from '../features/pharmacies/pharmacy-directory.repository';
import { syntheticPharmacies } from '../features/pharmacies/synthetic-pharmacies';
import { searchProviders, upsertProviders } from '../features/care-team/provider-directory.repository';
import { parseCsvLine } from '../features/care-team/import/nppes-import';
import { syntheticDirectory } from '../features/care-team/synthetic-directory';
import { describeEachDatabase } from '../test/database';
import { cliRunner } from '../test/cli';

/** The header of the NPPES data file (NPPES Data Dissemination, V.2 layout), in order. */
function nppesHeader(): string[] {
  const head = [
    'NPI',
    'Entity Type Code',
    'Replacement NPI',
    'Employer Identification Number (EIN)',
    'Provider Organization Name (Legal Business Name)',
    'Provider Last Name (Legal Name)',
    'Provider First Name',
    'Provider Middle Name',
    'Provider Name Prefix Text',
    'Provider Name Suffix Text',
    'Provider Credential Text',
    'Provider Other Organization Name',
    'Provider Other Organization Name Type Code',
    'Provider Other Last Name',
    'Provider Other First Name',
    'Provider Other Middle Name',
    'Provider Other Name Prefix Text',
    'Provider Other Name Suffix Text',
    'Provider Other Credential Text',
    'Provider Other Last Name Type Code',
    'Provider First Line Business Mailing Address',
    'Provider Second Line Business Mailing Address',
    'Provider Business Mailing Address City Name',
    'Provider Business Mailing Address State Name',
    'Provider Business Mailing Address Postal Code',
    'Provider Business Mailing Address Country Code (If outside U.S.)',
    'Provider Business Mailing Address Telephone Number',
    'Provider Business Mailing Address Fax Number',
    'Provider First Line Business Practice Location Address',
    'Provider Second Line Business Practice Location Address',
    'Provider Business Practice Location Address City Name',
    'Provider Business Practice Location Address State Name',
    'Provider Business Practice Location Address Postal Code',
    'Provider Business Practice Location Address Country Code (If outside U.S.)',
    'Provider Business Practice Location Address Telephone Number',
    'Provider Business Practice Location Address Fax Number',
    'Provider Enumeration Date',
    'Last Update Date',
    'NPI Deactivation Reason Code',
    'NPI Deactivation Date',
    'NPI Reactivation Date',
    'Provider Sex Code',
    'Authorized Official Last Name',
    'Authorized Official First Name',
    'Authorized Official Middle Name',
    'Authorized Official Title or Position',
    'Authorized Official Telephone Number',
  ];
  const taxonomies = Array.from({ length: 15 }, (_, i) => [
    `Healthcare Provider Taxonomy Code_${i + 1}`,
    `Provider License Number_${i + 1}`,
    `Provider License Number State Code_${i + 1}`,
    `Healthcare Provider Primary Taxonomy Switch_${i + 1}`,
  ]).flat();
  const identifiers = Array.from({ length: 50 }, (_, i) => [
    `Other Provider Identifier_${i + 1}`,
    `Other Provider Identifier Type Code_${i + 1}`,
    `Other Provider Identifier State_${i + 1}`,
    `Other Provider Identifier Issuer_${i + 1}`,
  ]).flat();
  const tail = [
    'Is Sole Proprietor',
    'Is Organization Subpart',
    'Parent Organization LBN',
    'Parent Organization TIN',
    'Authorized Official Name Prefix Text',
    'Authorized Official Name Suffix Text',
    'Authorized Official Credential Text',
    ...Array.from({ length: 15 }, (_, i) => `Healthcare Provider Taxonomy Group_${i + 1}`),
    'Certification Date',
  ];
  return [...head, ...taxonomies, ...identifiers, ...tail];
}

const header = nppesHeader();
const npi = (nine: string) => `${nine}${npiCheckDigit(nine)}`;
const quoted = (fields: readonly string[]) => fields.map((f) => `"${f.replace(/"/g, '""')}"`).join(',');

function row(values: Record<string, string>): string {
  return quoted(header.map((name) => values[name] ?? ''));
}

const person = (
  id: string,
  last: string,
  first: string,
  state: string,
  taxonomy: string,
  extra: Record<string, string> = {},
) =>
  row({
    NPI: id,
    'Entity Type Code': '1',
    'Provider Last Name (Legal Name)': last,
    'Provider First Name': first,
    'Provider Credential Text': 'M.D.',
    'Provider First Line Business Practice Location Address': '1000 Main St, Suite "A"',
    'Provider Business Practice Location Address City Name': state === 'FL' ? 'NAPLES' : 'ATLANTA',
    'Provider Business Practice Location Address State Name': state,
    'Provider Business Practice Location Address Postal Code': state === 'FL' ? '341021234' : '30303',
    'Provider Business Practice Location Address Telephone Number': '2395550100',
    'Provider Enumeration Date': '05/23/2007',
    'Last Update Date': '07/08/2024',
    'Provider Sex Code': 'F',
    'Healthcare Provider Taxonomy Code_1': '207R00000X',
    'Provider License Number_1': 'ME1',
    'Provider License Number State Code_1': state,
    'Healthcare Provider Primary Taxonomy Switch_1': 'N',
    'Healthcare Provider Taxonomy Code_2': taxonomy,
    'Provider License Number_2': 'ME2',
    'Provider License Number State Code_2': state,
    'Healthcare Provider Primary Taxonomy Switch_2': 'Y',
    ...extra,
  });

const ids = {
  derm: npi('131620000'),
  family: npi('131620001'),
  georgia: npi('131620002'),
  pharmacy: npi('131620003'),
  gone: npi('131620004'),
};

function writeFile(lines: string[]): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dermis-nppes-'));
  const file = path.join(dir, 'npidata_pfile_20050523-20261109.csv');
  fs.writeFileSync(file, `${[quoted(header), ...lines].join('\r\n')}\r\n`);
  return file;
}

it('has the 330 columns of the real file, and parses quoted fields with commas and quotes', () => {
  expect(header).toHaveLength(330);
  expect(parseCsvLine('"a","b ""c"", d",,"e"')).toEqual(['a', 'b "c", d', '', 'e']);
  expect(parseCsvLine('"a","b')).toBeNull();
});

describeEachDatabase('dermis nppes:import', (t) => {
  const run = cliRunner(() => t.db);

  const file = writeFile([
    person(ids.derm, 'QUINTERO-VALDÉS', 'ISABELLA', 'FL', '207N00000X', { 'Provider Middle Name': 'R' }),
    person(ids.family, 'OKONKWO', 'CHIDI', 'FL', '207Q00000X'),
    person(ids.georgia, 'QUINTERO', 'ADAM', 'GA', '207N00000X'),
    row({
      NPI: ids.pharmacy,
      'Entity Type Code': '2',
      'Provider Organization Name (Legal Business Name)': 'NAPLES CORNER PHARMACY LLC',
      'Provider Business Practice Location Address State Name': 'FL',
      'Healthcare Provider Taxonomy Code_1': '3336C0003X',
      'Healthcare Provider Primary Taxonomy Switch_1': 'Y',
    }),
    row({ NPI: ids.gone, 'NPI Deactivation Date': '01/15/2025' }),
    '"1234567893","1","broken',
    '"1234567890","1","","","","BADCHECK","X"' + ',""'.repeat(header.length - 7),
  ]);

  it('imports individual providers, removes deactivated NPIs and the synthetic set, and is idempotent', async () => {
    await upsertProviders(t.db, syntheticDirectory(20));
    await upsertProviders(t.db, [{ ...syntheticDirectory(1)[0]!, npi: ids.gone, source: 'nppes' }]);

    const out = await run('nppes:import', file);
    expect(out).toMatch(
      /NPPES: 3 providers and 1 pharmacies written from 7 lines \(0 not needed, 2 malformed, 1 deactivated removed\)/,
    );
    const rows = await t.db.select().from(nppesProvider);
    expect(rows.map((r) => r.npi).sort()).toEqual([ids.derm, ids.family, ids.georgia].sort());
    expect(rows.find((r) => r.npi === ids.derm)).toMatchObject({
      entityType: 1,
      lastNameLegalName: 'QUINTERO-VALDÉS',
      firstName: 'ISABELLA',
      middleName: 'R',
      credential: 'M.D.',
      primaryTaxonomy: '207N00000X',
      addressLine1: '1000 Main St, Suite "A"',
      city: 'NAPLES',
      state: 'FL',
      zip: '341021234',
      source: 'nppes',
    });
    expect(rows.find((r) => r.npi === ids.derm)?.taxonomies).toEqual([
      { code: '207N00000X', description: 'Dermatology', primary: true, license: 'ME2', state: 'FL' },
      { code: '207R00000X', description: 'Internal Medicine', primary: false, license: 'ME1', state: 'FL' },
    ]);

    expect(await run('nppes:import', file)).toMatch(/3 providers and 1 pharmacies written/);
    expect(await t.db.select().from(nppesProvider)).toHaveLength(3);

    const found = await searchProviders(t.db, 'quintero valdes', 30);
    expect(found.map((r) => r.npi)).toEqual([ids.derm]);
    expect(found[0]?.addressInformationInfo.zip).toBe('34102-1234');
  });

  it('filters by state and by taxonomy', async () => {
    expect(await run('nppes:import', file, '--state', 'FL', '--taxonomy', '207N')).toMatch(
      /1 providers and 1 pharmacies written .* \(2 not needed/,
    );
    expect((await t.db.select().from(nppesProvider)).map((r) => r.npi)).toEqual([ids.derm]);
  });

  it('refuses a missing file and a file that is not the NPPES format', async () => {
    await expect(run('nppes:import', '/nonexistent/npidata.csv')).rejects.toThrow(/Cannot read/);
    const other = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'dermis-nppes-')), 'x.csv');
    fs.writeFileSync(other, '"a","b"\n"1","2"\n');
    await expect(run('nppes:import', other)).rejects.toThrow(/Not an NPPES data file/);
  });

  const organization = (
    id: string,
    legal: string,
    state: string,
    zip: string,
    taxonomy: string,
    extra: Record<string, string> = {},
  ) =>
    row({
      NPI: id,
      'Entity Type Code': '2',
      'Provider Organization Name (Legal Business Name)': legal,
      'Provider First Line Business Practice Location Address': '1500 TAMIAMI TRL N',
      'Provider Business Practice Location Address City Name': state === 'FL' ? 'NAPLES' : 'ATLANTA',
      'Provider Business Practice Location Address State Name': state,
      'Provider Business Practice Location Address Postal Code': zip,
      'Provider Business Practice Location Address Country Code (If outside U.S.)': 'US',
      'Provider Business Practice Location Address Telephone Number': '2395550199',
      'Healthcare Provider Taxonomy Code_1': taxonomy,
      'Healthcare Provider Primary Taxonomy Switch_1': 'Y',
      ...extra,
    });
  const pharmacyIds = {
    retail: npi('158800001'),
    mailOrder: npi('158800002'),
    hospital: npi('158800003'),
    noZip: npi('158800004'),
    closed: npi('158800005'),
  };
  const pharmacyFile = writeFile([
    organization(pharmacyIds.retail, 'GULF DRUG HOLDINGS LLC', 'FL', '341021234', '3336C0003X', {
      'Provider Other Organization Name': 'SEAGATE CORNER PHARMACY',
      'Provider Other Organization Name Type Code': '3',
      'Healthcare Provider Taxonomy Code_2': '332B00000X',
    }),
    organization(pharmacyIds.mailOrder, 'PEACH STATE MAIL RX INC', 'GA', '30303', '3336M0002X'),
    organization(pharmacyIds.hospital, 'NAPLES COMMUNITY HOSPITAL INC', 'FL', '34102', '282N00000X'),
    organization(pharmacyIds.noZip, 'UNKNOWN ZIP PHARMACY', 'FL', '00000', '333600000X'),
    row({ NPI: pharmacyIds.closed, 'NPI Deactivation Date': '03/01/2026' }),
  ]);

  it('imports organizations with a pharmacy taxonomy into the pharmacy directory, geocoded by ZIP centroid', async () => {
    await upsertPharmacies(t.db, await syntheticPharmacies(10));
    const [closed] = (await syntheticPharmacies(1)).map((r) => ({
      ...r,
      npi: pharmacyIds.closed,
      syntheticKey: null,
      source: 'nppes' as const,
    }));
    await upsertPharmacies(t.db, [closed!]);

    const out = await run('nppes:import', pharmacyFile);
    expect(out).toMatch(
      /0 providers and 3 pharmacies written from 5 lines \(1 not needed, 0 malformed, 1 deactivated removed\)/,
    );
    const rows = await t.db.select().from(pharmacy);
    expect(rows.map((r) => [r.npi, r.specialtyType, r.active]).sort()).toEqual(
      [
        [pharmacyIds.retail, 'RETAIL', true],
        [pharmacyIds.mailOrder, 'MAIL_ORDER', true],
        [pharmacyIds.noZip, 'RETAIL', true],
        [pharmacyIds.closed, 'RETAIL', false],
      ].sort(),
    );
    const retail = rows.find((r) => r.npi === pharmacyIds.retail);
    expect(retail).toMatchObject({
      storeName: 'SEAGATE CORNER PHARMACY',
      phone: '2395550199',
      addressLine1: '1500 TAMIAMI TRL N',
      city: 'NAPLES',
      state: 'FL',
      zip: '341021234',
      country: 'US',
      taxonomy: '3336C0003X',
      source: 'nppes',
    });
    expect(retail?.latitude).toBeCloseTo(26.1375, 2);
    expect(retail?.longitude).toBeCloseTo(-81.7991, 2);
    expect(rows.find((r) => r.npi === pharmacyIds.noZip)).toMatchObject({ latitude: null, longitude: null });

    // Found by its DBA name and near its ZIP; the mail-order pharmacy is not offered (RETAIL only).
    expect((await searchPharmacies(t.db, 'seagate corner', 100, 0)).map((p) => p.npi)).toEqual([
      pharmacyIds.retail,
    ]);
    expect((await searchPharmacies(t.db, 'peach state', 100, 0)).map((p) => p.npi)).toEqual([]);
    const near = await nearbyPharmacies(t.db, { latitude: 26.1375, longitude: -81.7991 }, 10);
    expect(near.map((p) => p.npi)).toEqual([pharmacyIds.retail]);

    // Idempotent by NPI; --no-pharmacies leaves them alone; --state applies to them too.
    expect(await run('nppes:import', pharmacyFile)).toMatch(/3 pharmacies written/);
    expect(await t.db.select().from(pharmacy)).toHaveLength(4);
    expect(await run('nppes:import', pharmacyFile, '--no-pharmacies')).toMatch(
      /0 pharmacies written .* \(4 not needed/,
    );
    expect(await run('nppes:import', pharmacyFile, '--state', 'GA')).toMatch(
      /1 pharmacies written .* \(3 not needed/,
    );
  });

  it('loads the synthetic pharmacies with pharmacy:synthetic, idempotently', async () => {
    expect(await run('pharmacy:synthetic')).toMatch(/Synthetic pharmacies: 300 pharmacies written/);
    await run('pharmacy:synthetic');
    expect(await t.db.select().from(pharmacy)).toHaveLength(300);
  });
});
