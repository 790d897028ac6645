import {
  allergenType,
  searchAllergensByNameResponse,
  searchPrescriptionsByFilterResponse,
  searchSnomedResponse,
} from '@dermis/contract';
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeEach, expect, it } from 'vitest';
import { migrationsDir } from '../../db/migrate';
import { historyItem } from '../../db/schema';
import { useTestApp } from '../../test/app';
import { describeEachDatabase } from '../../test/database';
import { bearer, givenPatient, givenPractice, givenUser, signIn } from '../../test/fixtures';
import { starterDrugs } from './starter/starter-curated';

describeEachDatabase('terminology search', (t) => {
  const newApp = useTestApp(t);
  let app: Awaited<ReturnType<typeof newApp>>;
  let token: string;

  beforeEach(async () => {
    app = await newApp();
    const practiceId = await givenPractice(t.db);
    const user = await givenUser(t.db, practiceId, { username: `searcher${Date.now()}` });
    ({ accessToken: token } = await signIn(app, user.username, user.password));
  });

  const post = (url: string, payload: object, auth = true) =>
    app.inject({ method: 'POST', url: `/api/app/${url}`, headers: auth ? bearer(token) : {}, payload });

  const allergens = async (searchText: string, extra: object = {}) => {
    const response = await post('fdb/search/searchAllergensByName', {
      searchText,
      generateResultAsList: true,
      prioritizeResults: true,
      ...extra,
    });
    expect(response.statusCode).toBe(200);
    return searchAllergensByNameResponse.parse(response.json());
  };
  const drugs = async (searchText: string, extra: object = {}) => {
    const response = await post('prescription/searchPrescriptionsByFilter', {
      searchText,
      searchType: 'ALL',
      generateResultAsList: true,
      ...extra,
    });
    expect(response.statusCode).toBe(200);
    return searchPrescriptionsByFilterResponse.parse(response.json());
  };
  const snomed = async (searchText: string, sectionId: string, extra: object = {}) => {
    const response = await post('subjective/searchSnomed', { searchText, sectionId, ...extra });
    expect(response.statusCode).toBe(200);
    return searchSnomedResponse.parse(response.json());
  };

  it('finds allergens from the starter set: curated labels first, drugs and substances too', async () => {
    const penicillin = await allergens('penic');
    expect(penicillin[0]).toEqual({
      id: '373270004',
      description: 'Penicillins',
      typeInt: allergenType.DRUG_CLASS,
      codeSystem: 'SNOMED',
    });
    expect(penicillin).toContainEqual({
      id: '7984',
      description: 'Penicillin V',
      typeInt: allergenType.DRUG,
      codeSystem: 'RXNORM',
    });
    expect((await allergens('pe'))[0]?.description).toBe('Peanut');
    expect(await allergens('latex')).toContainEqual(
      expect.objectContaining({ id: '111088007', typeInt: allergenType.ENVIRONMENTAL }),
    );
    // One entry per concept although the class is also a GPS substance with its long name.
    expect(penicillin.filter((r) => r.id === '373270004')).toHaveLength(1);
  });

  it('finds dermatology drugs by RxNorm name, ingredient before clinical drugs', async () => {
    const iso = await drugs('isotret');
    expect(iso[0]).toEqual({ drugNameId: '6064', name: 'isotretinoin', conceptType: 'IN' });
    expect(iso.map((r) => r.drugNameId)).toEqual(expect.arrayContaining(['197843', '197845']));
    for (const name of ['doxycycline', 'methotrexate', 'tretinoin', 'clobetasol', 'dupilumab']) {
      expect((await drugs(name.slice(0, 4)))[0]?.name, name).toBe(name);
    }
  });

  it('0099 drops the 835900 row and moves what patients picked from it to the ingredient, once', async () => {
    const practiceId = await givenPractice(t.db);
    const patientId = await givenPatient(t.db, practiceId);
    const picked = {
      practiceId,
      patientId,
      section: 'MEDICATIONS',
      code: '835900',
      status: 'MEDICATION_COMMENCED',
    } as const;
    const [fromStarter, fromClinic] = await t.db
      .insert(historyItem)
      .values([
        { ...picked, name: 'cyclosporine 50 MG Oral Capsule', customValue: 'SCD' },
        { ...picked, name: 'Neoral 100 MG', customValue: 'SBDC', externalId: `RX-${Date.now()}` },
      ])
      .returning({ id: historyItem.id });
    // As 0031 left it before 0099.
    await t.database.scriptTransaction((tx) =>
      tx.exec(
        "INSERT INTO terminology_term (domain, code_system, code, term, kind, type_int, priority, source, search_text) VALUES ('DRUG','RXNORM','835900','cyclosporine 50 MG Oral Capsule','SCD',NULL,40,'starter',' cyclosporine 50 mg oral capsule')",
      ),
    );
    const migration = fs.readFileSync(
      path.join(migrationsDir, '0099_rxnorm_starter_cyclosporine.sql'),
      'utf8',
    );
    for (let run = 0; run < 2; run += 1) await t.database.scriptTransaction((tx) => tx.exec(migration));

    const item = async (id: number) =>
      (await t.db.select().from(historyItem).where(eq(historyItem.id, id)))[0];
    expect(await item(fromStarter!.id)).toMatchObject({
      code: '3008',
      customValue: 'IN',
      name: 'cyclosporine 50 MG Oral Capsule',
    });
    expect(await item(fromClinic!.id)).toMatchObject({ code: '835900', customValue: 'SBDC' });
    expect((await drugs('cyclosporine')).map((d) => d.drugNameId)).toEqual(['3008']);
  });

  it('holds exactly the curated starter drugs, with the codes corrected after 0031 (0053, 0099)', async () => {
    const rows = await t.database.scriptTransaction((tx) =>
      tx.query<{ code: string; term: string }>(
        "SELECT code, term FROM terminology_term WHERE domain = 'DRUG' AND source = 'starter' ORDER BY term",
      ),
    );
    const inDatabase = rows.map((r) => `${r.code} ${r.term}`).sort();
    expect(inDatabase).toEqual(starterDrugs.map((d) => `${d.rxcui} ${d.name}`).sort());
    // 2598 is clonazepam: clobetasol is 2590, and the search answers it. 835900 is not cyclosporine 50 mg.
    expect(inDatabase).not.toContain('2598 clobetasol');
    expect(inDatabase).not.toContain('835900 cyclosporine 50 MG Oral Capsule');
    expect((await drugs('clobetasol'))[0]).toEqual({
      drugNameId: '2590',
      name: 'clobetasol',
      conceptType: 'IN',
    });
  });

  it('searches SNOMED CT by section: problems, procedures, with patient-friendly labels first', async () => {
    const acne = await snomed('acne', 'PAST_MEDICAL_HISTORY');
    expect(acne[0]).toEqual({ conceptId: '11381005', preferredTerm: 'Acne' });
    // The GPS term of the same concept is not repeated under its other name.
    expect(acne.filter((r) => r.conceptId === '11381005')).toHaveLength(1);

    const surgery = await snomed('biop', 'SURGICAL_HISTORY');
    expect(surgery.map((r) => r.preferredTerm)).toContain('Skin biopsy');
    // Surgical history searches procedures only: the disorder Acne is not among them.
    expect((await snomed('acne', 'SURGICAL_HISTORY')).map((r) => r.conceptId)).not.toContain('11381005');

    const family = await snomed('diab', 'FAMILY_HISTORY');
    expect(family.map((r) => r.preferredTerm)).toEqual(
      expect.arrayContaining(['Type 2 diabetes', 'Type 1 diabetes']),
    );
  });

  it('matches every word at a word start, ignores case and accents, and tolerates a typo', async () => {
    const basal = await snomed('CELL basal', 'PAST_MEDICAL_HISTORY');
    expect(basal[0]?.preferredTerm).toBe('Basal cell skin cancer');
    expect((await snomed('psóriasis', 'PAST_MEDICAL_HISTORY'))[0]?.conceptId).toBe('9014002');
    // "doxycyline" (missing c) still finds doxycycline through trigram similarity.
    expect((await drugs('doxycyline')).map((r) => r.name)).toContain('doxycycline');
    expect(await drugs('zzqx')).toEqual([]);
  });

  it('answers 30 results by default and maxResults when asked', async () => {
    expect(await snomed('ca', 'PAST_MEDICAL_HISTORY')).toHaveLength(30);
    expect(await snomed('ca', 'PAST_MEDICAL_HISTORY', { maxResults: 5 })).toHaveLength(5);
    expect(await snomed('ca', 'PAST_MEDICAL_HISTORY', { maxResults: 100 })).toHaveLength(100);
  });

  it('refuses bad input with 400 and a caller without a session with 401', async () => {
    const bad = [
      ['fdb/search/searchAllergensByName', { searchText: 'a' }],
      ['fdb/search/searchAllergensByName', { searchText: 'x'.repeat(101) }],
      ['fdb/search/searchAllergensByName', { searchText: 'pe', maxResults: 0 }],
      ['fdb/search/searchAllergensByName', { searchText: 'pe', maxResults: 101 }],
      ['fdb/search/searchAllergensByName', { searchText: 'pe\u0000' }],
      ['prescription/searchPrescriptionsByFilter', { searchText: 'dox', searchType: 'BRAND' }],
      ['prescription/searchPrescriptionsByFilter', {}],
      ['subjective/searchSnomed', { searchText: 'acne' }],
      ['subjective/searchSnomed', { searchText: 'acne', sectionId: 'NOPE' }],
      ['subjective/searchSnomed', { searchText: 'acne', sectionId: 'ALLERGIES', attributeId: 1.5 }],
    ] as const;
    for (const [url, payload] of bad) {
      expect((await post(url, payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(
      (await post('subjective/searchSnomed', { searchText: 'acne', sectionId: 'ALLERGIES' }, false))
        .statusCode,
    ).toBe(401);
  });

  it('answers an empty list for text with no letters or digits', async () => {
    expect(await allergens('%%')).toEqual([]);
    expect(await allergens('__ ')).toEqual([]);
  });
});
